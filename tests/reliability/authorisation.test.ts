import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_NEEDED } from '../../src/shared/api/admin.ts';
import type { ApiErrorBody } from '../../src/shared/api/errors.ts';
import { requireFreshSecondFactor } from '../../src/server/users/fresh-second-factor.ts';
import { profiles } from '../../src/server/db/schema/users.ts';
import { requireAdmin, requireSessionClaim, requireUser } from '../../src/server/http/guards.ts';
import { buildTestApp, type TestApp } from '../../src/server/testing/build-test-app.ts';
import {
  forgetSecondFactorChecks,
  setSecondFactorCheckedAgo,
} from '../../src/server/testing/second-factor.ts';
import {
  cookieHeader,
  createAdmin,
  createEnrolledLearner,
  createUser,
  nextClientAddress,
  TEST_PASSWORD,
  type TestAdmin,
  type TestUser,
} from '../../src/server/testing/users.ts';
import { listApiRoutes } from './route-list.ts';
import { routeRules, type Fixtures, type Rule, type RouteRequest } from './route-rules.ts';

const APP_URL = 'http://localhost:3000';
const roles = ['visitor', 'other learner', 'admin', 'learner'] as const;
type Role = (typeof roles)[number];

let testApp: TestApp;
const users = new Map<Role, TestUser>();
let fixtures: Fixtures;

beforeAll(async () => {
  // TEST_CLOCK: the journeys' movable clock is a route of its own, in the matrix like any other.
  testApp = await buildTestApp({
    APP_URL,
    CONTACT_EMAIL: 'operator@example.com',
    TEST_CLOCK: 'on',
  });
  const { app, db } = testApp;
  const learner = await createEnrolledLearner(app, db);
  users.set('learner', learner);
  users.set('other learner', await createUser(app));
  users.set('admin', await createAdmin(app, db));
  fixtures = await createFixtures(learner);
});
afterAll(() => testApp.close());

interface RouteKey {
  key: string;
  /** The rule a row for it would most likely have: what a missing row's message suggests. */
  suggestedRule: Rule;
}

function listRoutes(): RouteKey[] {
  return listApiRoutes(testApp.app).map(({ method, url, options }) => ({
    key: `${method} ${url}`,
    // Better Auth's own endpoints: most act on the session.
    suggestedRule: options ? ruleOfGuards(options) : 'signed-in',
  }));
}

function ruleOfGuards(route: RouteOptions): Rule {
  const guards = [route.preValidation ?? []].flat() as unknown[];
  if (guards.includes(requireFreshSecondFactor)) return 'fresh-admin';
  if (guards.includes(requireAdmin)) return 'admin';
  if (guards.includes(requireUser) || guards.includes(requireSessionClaim)) return 'signed-in';
  return 'public';
}

/** The learner's things that requests name: a customer, a checkout, a purchase, a device. */
async function createFixtures(learner: TestUser): Promise<Fixtures> {
  const customerId = 'cus_authorisation_matrix';
  await testApp.db
    .update(profiles)
    .set({ stripeCustomerId: customerId })
    .where(eq(profiles.id, learner.id));
  const checkoutId = await startTestCheckout(learner, 'sovereign-flame');
  const paid = await startTestCheckout(learner, 'complete-bundle');
  await call(learner, 'POST', `/api/checkout/test-sessions/${paid}/pay`, {});
  const purchases = await call(learner, 'GET', '/api/me/purchases');
  const purchaseId = purchases.json<{ purchases: { id: string }[] }>().purchases[0]!.id;
  const billing = await call(learner, 'GET', '/api/account/billing');
  const invoiceId = billing.json<{ invoices: { id: number }[] }>().invoices[0]!.id;
  await signIn(learner);
  const devices = await call(learner, 'GET', '/api/account/devices');
  const device = devices
    .json<{ devices: { id: string; isCurrent: boolean }[] }>()
    .devices.find((listed) => !listed.isCurrent)!;
  return {
    learnerId: learner.id,
    learnerEmail: learner.email,
    customerId,
    checkoutId,
    purchaseId,
    invoiceId,
    deviceId: device.id,
    videoId: '824804225',
    sessionId: await bookSession(learner),
    ...(await createReadings(learner)),
  };
}

/** A one-to-one session booked and paid in payment test mode. */
async function bookSession(learner: TestUser): Promise<string> {
  // Sessions are on sale once the creator saved hours and a meeting link.
  const opened = await call(users.get('admin')!, 'PUT', '/api/admin/sessions/availability', {
    weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: '00:00',
      end: '24:00',
    })),
    blocks: [],
    sessionMinutes: 60,
    bufferMinutes: 0,
    noticeHours: 2,
    horizonDays: 14,
    rescheduleCutoffHours: 24,
    defaultMeetingUrl: 'https://meet.example.com/matrix',
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const slots = await call(learner, 'GET', '/api/sessions/slots');
  const [slot] = slots.json<{ slots: { startsAt: string }[] }>().slots;
  const booked = await call(learner, 'POST', '/api/sessions/book', { startsAt: slot!.startsAt });
  expect(booked.statusCode, booked.body).toBe(200);
  const { sessionId, checkoutUrl } = booked.json<{ sessionId: string; checkoutUrl: string }>();
  const checkoutId = checkoutUrl.split('/').at(-1)!;
  await call(learner, 'POST', `/api/checkout/test-sessions/${checkoutId}/pay`, {});
  return sessionId;
}

/** Three submitted reflections that share words: a mood reading each, and a pattern. */
async function createReadings(learner: TestUser) {
  // Another course than the matrix's own calls use: their saves would analyse it afresh.
  const lesson = { courseId: 'sovereign-flame', moduleId: 'remembering-the-ember' };
  const prompts = [
    { lessonId: 'the-flame-you-forgot', promptId: 'when-you-felt-alive' },
    { lessonId: 'the-flame-you-forgot', promptId: 'what-dimmed-it' },
    { lessonId: 'lighting-the-first-candle', promptId: 'what-you-noticed' },
  ];
  for (const prompt of prompts) {
    const saved = await call(learner, 'PUT', '/api/learning/reflections', {
      ...lesson,
      ...prompt,
      action: 'submit',
      response:
        'My energy goes to meetings at work and to every request, and my energy comes back when I walk by the sea and rest.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const view = await call(learner, 'GET', '/api/companion/courses/sovereign-flame/patterns');
  const { moods, patterns } = view.json<{ moods: { id: string }[]; patterns: { id: string }[] }>();
  return { emotionId: moods[0]!.id, patternId: patterns[0]!.id };
}

async function startTestCheckout(learner: TestUser, productId: string): Promise<string> {
  const response = await call(learner, 'POST', '/api/create-checkout-session', {
    lineItems: [{ price: productId, quantity: 1 }],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

function call(user: TestUser | undefined, method: string, url: string, body?: unknown) {
  const isWrite = method !== 'GET';
  return testApp.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: nextClientAddress(),
    headers: {
      ...(user ? { cookie: user.cookie } : {}),
      ...(isWrite ? { origin: APP_URL } : {}),
    },
    ...(isWrite ? { payload: (body ?? {}) as object } : {}),
  });
}

/** A new session for the user: their cookie from now on. */
async function signIn(user: TestUser | TestAdmin): Promise<void> {
  const response = await call(undefined, 'POST', '/api/auth/sign-in/email', {
    email: user.email,
    password: TEST_PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(200);
  user.cookie = cookieHeader(response.headers['set-cookie']);
  if (!('backupCodes' in user)) return;
  // The admin's second factor: a backup code, as a TOTP code is good once in its 30 s.
  const verified = await call(user, 'POST', '/api/auth/two-factor/verify-backup-code', {
    code: user.backupCodes.shift(),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  user.cookie = cookieHeader(verified.headers['set-cookie']);
}

/** Sign-out and session revocation end a caller's session: each role is signed in again. */
async function keepSignedIn(): Promise<void> {
  for (const user of users.values()) {
    const session = await call(user, 'GET', '/api/session');
    if (!session.json<{ user: unknown }>().user) await signIn(user);
  }
}

function urlOf(key: string, request: RouteRequest): string {
  const path = key
    .split(' ')[1]!
    .replace(/:(\w+)/g, (_match, name: string) =>
      encodeURIComponent(request.params?.[name] ?? 'x'),
    );
  const query = new URLSearchParams(request.query).toString();
  return query ? `${path}?${query}` : path;
}

const isRefusal = (status: number) => status === 401 || status === 403;
const isSuccess = (status: number) => status >= 200 && status < 300;

/** What the rule expects of a role's answer; a sentence when the answer breaks it. */
function judge(rule: Rule, role: Role, status: number): string | undefined {
  if (status >= 500) return 'a server error';
  const isSignedIn = role !== 'visitor';
  switch (rule) {
    case 'public':
      return isRefusal(status) ? 'refused a caller of a public route' : undefined;
    case 'token':
    case 'stripe':
    case 'no-provider':
      return isSuccess(status) ? 'let a caller in without a real token or signature' : undefined;
    case 'signed-in':
      if (!isSignedIn) return status === 401 ? undefined : 'expected 401 for a visitor';
      return isRefusal(status) ? 'refused a signed-in caller' : undefined;
    case 'admin':
    case 'fresh-admin':
      if (!isSignedIn) return status === 401 ? undefined : 'expected 401 for a visitor';
      if (role !== 'admin') return status === 403 ? undefined : 'expected 403 for a learner';
      return isRefusal(status) ? 'refused the admin' : undefined;
    case 'course-access':
      if (!isSignedIn) return status === 401 ? undefined : 'expected 401 for a visitor';
      if (role === 'other learner') {
        return status === 403 ? undefined : 'expected 403 for a learner without the course';
      }
      return isRefusal(status) ? `refused the ${role}` : undefined;
    case 'owner':
    case 'owner-or-admin': {
      if (!isSignedIn) return status === 401 ? undefined : 'expected 401 for a visitor';
      const mayAct = role === 'learner' || (role === 'admin' && rule === 'owner-or-admin');
      if (mayAct) return isRefusal(status) ? `refused the ${role}` : undefined;
      return status === 403 || status === 404
        ? undefined
        : `expected 403 or 404 for the ${role}, on the learner's own thing`;
    }
  }
}

/**
 * An admin without a fresh second factor is asked for one; with a code confirmed (set in the
 * database: the matrix signs in again more often than the authenticator shows new codes) they
 * are let in.
 */
async function judgeFreshAdmin(
  stale: LightMyRequestResponse,
  callAgain: () => Promise<LightMyRequestResponse>,
): Promise<string | undefined> {
  const admin = users.get('admin')!;
  if (stale.statusCode !== 403 || stale.json<ApiErrorBody>().error.code !== SECOND_FACTOR_NEEDED) {
    return `expected 403 ${SECOND_FACTOR_NEEDED} without a fresh second factor`;
  }
  await setSecondFactorCheckedAgo(testApp.db, admin.id, 0);
  const fresh = await callAgain();
  await forgetSecondFactorChecks(testApp.db, admin.id);
  return judge('admin', 'admin', fresh.statusCode);
}

describe('the authorisation matrix', () => {
  it('has a rule for every route: a new route needs its row in route-rules.ts', () => {
    const routes = listRoutes();
    const missing = routes.filter(({ key }) => !(key in routeRules));
    const stale = Object.keys(routeRules).filter(
      (key) => !routes.some((route) => route.key === key),
    );
    const advice = [
      ...(missing.length > 0
        ? [
            "Add these rows to routeRules in tests/reliability/route-rules.ts (the rule is a guess from the route's guard: check it, and give a request when the route names a thing):",
            ...missing.map(({ key, suggestedRule }) => `  '${key}': { rule: '${suggestedRule}' },`),
          ]
        : []),
      ...(stale.length > 0
        ? ['Remove these rows, whose routes are gone:', ...stale.map((key) => `  '${key}'`)]
        : []),
    ];
    expect(advice.join('\n')).toBe('');
  });

  it('answers every route as its rule says, for a visitor, a learner, another learner and an admin', async () => {
    const problems: string[] = [];
    let answers = 0;
    const routes = listRoutes().filter(({ key }) => key in routeRules);
    for (const { key } of routes) {
      const row = routeRules[key]!;
      const request = row.request?.(fixtures) ?? {};
      const [method] = key.split(' ');
      for (const role of roles) {
        const response = await call(
          users.get(role as never),
          method!,
          urlOf(key, request),
          request.body,
        );
        answers += 1;
        const problem =
          row.rule === 'fresh-admin' && role === 'admin'
            ? await judgeFreshAdmin(response, () =>
                call(users.get('admin'), method!, urlOf(key, request), request.body),
              )
            : judge(row.rule, role, response.statusCode);
        if (problem) {
          problems.push(`${key} (${row.rule}) as ${role}: ${response.statusCode}, ${problem}`);
        }
      }
      await keepSignedIn();
    }
    console.info(
      `authorisation matrix: ${routes.length} routes × ${roles.length} roles = ${answers} answers checked`,
    );
    expect(problems).toEqual([]);
  });
});
