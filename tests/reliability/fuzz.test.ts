import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { requestRules } from '../../src/server/auth/auth-request-rules.ts';
import { buildTestApp, type TestApp } from '../../src/server/testing/build-test-app.ts';
import { sendRawRequest } from '../../src/server/testing/raw-request.ts';
import {
  cookieHeader,
  createAdmin,
  createEnrolledLearner,
  nextClientAddress,
  TEST_PASSWORD,
  type TestUser,
} from '../../src/server/testing/users.ts';
import { listApiRoutes } from './route-list.ts';

const RUNS_PER_ROUTE = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 25);
const SLOW_MS = 1000;
const BIG_BODY_MS = 100;

let testApp: TestApp;
let learner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  testApp = await buildTestApp();
  learner = await createEnrolledLearner(testApp.app, testApp.db);
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

/** Every field name a request contract has (bodies and queries), nested ones included. */
function fieldNamesOf(schema: z.core.$ZodType, names = new Set<string>()): Set<string> {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = [
    def.innerType,
    def.element,
    def.in,
    def.out,
    def.left,
    def.right,
    ...((def.options as unknown[] | undefined) ?? []),
  ];
  if (def.type === 'object') {
    for (const [name, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
      names.add(name);
      fieldNamesOf(field, names);
    }
  }
  for (const schema of inner) if (schema) fieldNamesOf(schema as z.core.$ZodType, names);
  return names;
}

/** What Better Auth's endpoints read beyond the contracts the mount checks. */
const betterAuthFields = [
  'name',
  'image',
  'currentPassword',
  'revokeOtherSessions',
  'token',
  'callbackURL',
  'redirectTo',
  'newEmail',
  'provider',
  'providerId',
  'accountId',
  'trustDevice',
];

function requestFieldNames(app: FastifyInstance): string[] {
  const names = new Set(betterAuthFields);
  for (const route of app.routeTable) {
    const schemas = (route.schema ?? {}) as Record<string, z.core.$ZodType | undefined>;
    for (const part of ['body', 'querystring'] as const) {
      const schema = schemas[part];
      if (schema) fieldNamesOf(schema, names);
    }
  }
  for (const { schema } of Object.values(requestRules)) fieldNamesOf(schema, names);
  return [...names].sort();
}

/** Just under the default body limit, so that each reaches the contracts' checks. */
const NEAR_LIMIT = 15_000;
const hostileText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.constantFrom(
    `a@${'a'.repeat(100_000)}`,
    `a@${'a'.repeat(NEAR_LIMIT)}`,
    // What backtracked quadratically in the profile's web address pattern (T3-H2).
    `http://${'.'.repeat(64_000)} a`,
    `http://${'.'.repeat(NEAR_LIMIT)} a`,
    `http://a${'.'.repeat(NEAR_LIMIT)}\ta`,
    ' '.repeat(NEAR_LIMIT),
    '9'.repeat(NEAR_LIMIT),
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '\u0000\uFFFF\uD800',
    '9'.repeat(400),
  ),
);
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 20 }), tie('value'), { maxKeys: 6 }),
  ),
})).value;
/** Bodies shaped like the contracts' (every field name they have) as well as anything at all. */
function requestParts(fieldNames: string[]) {
  const field = fc.constantFrom(...fieldNames);
  return {
    body: fc.oneof(jsonValue, fc.dictionary(field, jsonValue, { maxKeys: 8 })),
    query: fc.dictionary(field, hostileText, { maxKeys: 4 }),
  };
}
const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ),
    // What an HTTP parser lets through: visible ASCII (inject() would pass anything).
    'x-forwarded-for': fc.stringMatching(/^[\x20-\x7e]{0,200}$/),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', '*', 'x'),
    origin: fc.constantFrom('http://localhost:3000', 'https://evil.example', 'null'),
  },
  { requiredKeys: [] },
);
const caller = fc.constantFrom<'visitor' | 'learner' | 'admin'>('visitor', 'learner', 'admin');

const withParams = (url: string, value: string) =>
  url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD')));

/** Sign-out and session revocation, fuzzed, end the callers' sessions: they sign in again. */
async function keepSignedIn() {
  for (const user of [learner, admin]) {
    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: user.cookie },
    });
    if (session.json<{ user: unknown }>().user) continue;
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextClientAddress(),
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    user.cookie = cookieHeader(signIn.headers['set-cookie']);
  }
}

describe('every API route under generated input', () => {
  it(`answers without a 5xx and within ${SLOW_MS} ms`, async () => {
    const routes = listApiRoutes(testApp.app);
    expect(routes.length).toBeGreaterThan(100);
    const fieldNames = requestFieldNames(testApp.app);
    expect(fieldNames).toEqual(expect.arrayContaining(['website', 'avatarUrl', 'bio', 'code']));
    const { body, query } = requestParts(fieldNames);
    let requests = 0;
    let slowest = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          body,
          query,
          headers,
          caller,
          fc.oneof(
            fc.string({ maxLength: 40 }),
            fc.constantFrom('energy-sovereignty', '123456789'),
          ),
          async (payload, search, extraHeaders, who, param) => {
            const cookie =
              who === 'learner' ? learner.cookie : who === 'admin' ? admin.cookie : undefined;
            const started = performance.now();
            const response = await testApp.app.inject({
              method: route.method as 'GET',
              url: `${withParams(route.url, param)}?${new URLSearchParams(search)}`,
              remoteAddress: nextClientAddress(),
              headers: { ...extraHeaders, ...(cookie ? { cookie } : {}) },
              ...(route.method === 'GET' ? {} : { payload: JSON.stringify(payload) }),
            });
            const elapsed = performance.now() - started;
            requests += 1;
            slowest = Math.max(slowest, elapsed);
            expect(
              response.statusCode,
              `${route.method} ${route.url}: ${response.body}`,
            ).toBeLessThan(500);
            expect(elapsed, `${route.method} ${route.url}`).toBeLessThan(SLOW_MS);
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
      await keepSignedIn();
    }
    console.info(
      `fuzz: ${routes.length} routes, ${fieldNames.length} field names, ${requests} requests, no 5xx, slowest ${Math.round(slowest)} ms`,
    );
  });

  it(`refuses a mebibyte body on every route within ${BIG_BODY_MS} ms, signed in or not`, async () => {
    const mebibyte = JSON.stringify({ website: `http://${'.'.repeat(1024 * 1024)} a` });
    let slowest = 0;
    for (const route of listApiRoutes(testApp.app).filter(({ method }) => method !== 'GET')) {
      for (const cookie of [undefined, learner.cookie]) {
        const started = performance.now();
        const response = await testApp.app.inject({
          method: route.method as 'POST',
          url: withParams(route.url, 'x'),
          remoteAddress: nextClientAddress(),
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          payload: mebibyte,
        });
        const elapsed = performance.now() - started;
        slowest = Math.max(slowest, elapsed);
        expect(response.statusCode, `${route.method} ${route.url}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
        expect(elapsed, `${route.method} ${route.url}`).toBeLessThan(BIG_BODY_MS);
      }
    }
    console.info(`fuzz: a mebibyte to every write route, slowest ${Math.round(slowest)} ms`);
  });

  it('gives no route away to another spelling of its path: fragments, dot segments, encoded and doubled slashes', async () => {
    let requests = 0;
    for (const route of listApiRoutes(testApp.app)) {
      const url = withParams(route.url, 'energy-sovereignty');
      const send = (target: string) =>
        sendRawRequest(testApp.app, {
          method: route.method,
          target,
          ...(route.method === 'GET' ? {} : { body: {} }),
        });
      const plain = await send(url);
      for (const target of spellingsOf(url)) {
        const answer = await send(target);
        requests += 1;
        const where = `${route.method} ${target}`;
        expect(answer.statusCode, where).toBeLessThan(500);
        if (target.includes('#')) expect(answer.statusCode, where).toBe(400);
        // What a visitor may not do plainly, they may not do by another spelling either.
        if (plain.statusCode === 401 || plain.statusCode === 403) {
          expect(answer.statusCode, where).toBeGreaterThanOrEqual(400);
        }
      }
    }
    console.info(`fuzz: ${requests} requests with other spellings of a route's path`);
  });
});

/** The same path as an attacker's client may write it: nothing here is normalised on the way. */
function spellingsOf(url: string): string[] {
  const [, first = '', rest = ''] = /^\/([^/]+)\/(.*)$/.exec(url) ?? [];
  return [
    `${url}#x`,
    `${url}#.js`,
    `/${first}/./${rest}`,
    `/${first}/x/../${rest}`,
    `/${first}/%2e%2e/${first}/${rest}`,
    `/${first}%2F${rest}`,
    `/${first}/${rest.replace('/', '%2f')}`,
    `/${first}//${rest}`,
    `//${first}/${rest}`,
    `${url}/`,
  ];
}
