import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../src/server/testing/build-test-app.ts';
import {
  createAdmin,
  createEnrolledLearner,
  nextClientAddress,
  type TestUser,
} from '../../src/server/testing/users.ts';

const RUNS_PER_ROUTE = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 25);
const SLOW_MS = 1000;

let testApp: TestApp;
let learner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  testApp = await buildTestApp();
  learner = await createEnrolledLearner(testApp.app, testApp.db);
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

interface Route {
  method: string;
  url: string;
}

/** Every API route the app has, read from Fastify's own route tree. */
function listApiRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    segments.length = depth;
    segments[depth] = match[2]!;
    const url = segments.join('');
    if (!match[3] || !url.startsWith('/api/')) continue;
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url });
    }
  }
  return routes;
}

/** Better Auth's endpoints behind its one wildcard route, as the web app and attackers call them. */
const authEndpoints = [
  'sign-up/email',
  'sign-in/email',
  'sign-out',
  'get-session',
  'request-password-reset',
  'reset-password',
  'verify-email',
  'send-verification-email',
  'change-password',
];

const hostileText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.constantFrom(
    `a@${'a'.repeat(100_000)}`,
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
/** Bodies shaped like the contracts' (known field names) as well as anything at all. */
const fieldNames = fc.constantFrom(
  'email',
  'password',
  'newPassword',
  'token',
  'firstName',
  'lastName',
  'courseId',
  'moduleId',
  'lessonId',
  'promptId',
  'response',
  'action',
  'lineItems',
  'metadata',
  'sessionId',
  'courseIds',
  'positionSeconds',
  'durationSeconds',
  'returnUrl',
  'customerId',
  'userId',
  'name',
  'readinessScale',
);
const body = fc.oneof(jsonValue, fc.dictionary(fieldNames, jsonValue, { maxKeys: 8 }));
const query = fc.dictionary(fieldNames, hostileText, { maxKeys: 4 });
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

describe('every API route under generated input', () => {
  it(`answers without a 5xx and within ${SLOW_MS} ms`, async () => {
    // Better Auth's wildcard route prints as `*`: its endpoints are listed by name.
    const routes = [
      ...listApiRoutes(testApp.app),
      ...authEndpoints.flatMap((endpoint) =>
        ['GET', 'POST'].map((method) => ({ method, url: `/api/auth/${endpoint}` })),
      ),
    ];
    expect(routes.length).toBeGreaterThan(25);
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
    }
    console.info(
      `fuzz: ${routes.length} routes, ${requests} requests, no 5xx, slowest ${Math.round(slowest)} ms`,
    );
  });
});
