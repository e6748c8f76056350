import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterRateLimit } from '../marketing/newsletter.routes.ts';
import { bodyLimits } from './body-limits.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  createEnrolledLearner,
  createUser,
  nextClientAddress,
  TEST_PASSWORD,
  type TestUser,
} from '../testing/users.ts';

let testApp: TestApp;
let learner: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  learner = await createUser(testApp.app);
});
afterAll(() => testApp.close());

/** An address that made the earlier shared pattern backtrack quadratically. */
const hostileEmail = (length: number) => `a@${'a'.repeat(length)}`;
const MEBIBYTE = 1024 * 1024;

/**
 * The CPU time the server spends on one request: the cost an attacker imposes, unaffected by
 * other programs sharing the machine (the request, the app and the test share one process).
 * The least of three sends: a garbage collection, or a timer of an app an earlier test file left
 * in this worker, lands in one of them, never in the request's own cost.
 */
async function timed(send: () => Promise<{ statusCode: number }>) {
  await send(); // the first call warms the route up
  let least = Infinity;
  let statusCode = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = process.cpuUsage();
    const response = await send();
    const { user, system } = process.cpuUsage(started);
    least = Math.min(least, (user + system) / 1000);
    statusCode = response.statusCode;
  }
  return { statusCode, milliseconds: least };
}

describe('a hostile email of a megabyte is refused at once', () => {
  it('on the newsletter form', async () => {
    const result = await timed(() =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        remoteAddress: nextClientAddress(),
        payload: { email: hostileEmail(MEBIBYTE) },
      }),
    );
    expect(result.statusCode).toBe(413);
    expect(result.milliseconds).toBeLessThan(50);
  });

  it('at sign-up', async () => {
    const result = await timed(() =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: nextClientAddress(),
        payload: {
          firstName: 'Maya',
          lastName: 'Stone',
          email: hostileEmail(MEBIBYTE),
          password: TEST_PASSWORD,
        },
      }),
    );
    expect(result.statusCode).toBe(413);
    expect(result.milliseconds).toBeLessThan(50);
  });

  it('in a checkout, within the general body limit: 400 on its length', async () => {
    const send = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/create-checkout-session',
        headers: { cookie: learner.cookie },
        payload: {
          lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
          customerEmail: hostileEmail(bodyLimits.form - 1000),
        },
      });
    const result = await timed(send);
    expect(result.statusCode).toBe(400);
    expect((await send()).json().error.fields.customerEmail).toBe(
      'Email must be at most 254 characters',
    );
    expect(result.milliseconds).toBeLessThan(50);
  });
});

describe('a route that needs a session refuses a caller without one before reading the body', () => {
  it('answers 401 to a body that is not even JSON: it was never parsed', async () => {
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/account/settings',
      headers: { 'content-type': 'application/json' },
      payload: '{"themePreference": ',
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a mebibyte of nested arrays without a session at once, as it does a forged cookie', async () => {
    const nested = `${'['.repeat(MEBIBYTE / 2)}${']'.repeat(MEBIBYTE / 2)}`;
    for (const cookie of [undefined, 'better-auth.session_token=forged.signature']) {
      const result = await timed(() =>
        testApp.app.inject({
          method: 'PATCH',
          url: '/api/account/settings',
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          payload: nested,
        }),
      );
      expect([401, 413]).toContain(result.statusCode);
      expect(result.milliseconds).toBeLessThan(50);
    }
  });

  it('gives a signed-in learner 16 KiB for a form, and 64 KiB for a reflection', async () => {
    const settings = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/account/settings',
      headers: { cookie: learner.cookie },
      payload: { themePreference: 'dark', padding: 'x'.repeat(17 * 1024) },
    });
    expect(settings.statusCode).toBe(413);
    expect(settings.json().error.code).toBe('payload_too_large');

    const enrolled = await createEnrolledLearner(testApp.app, testApp.db);
    const reflection = await testApp.app.inject({
      method: 'PUT',
      url: '/api/learning/reflections',
      headers: { cookie: enrolled.cookie },
      payload: {
        courseId: 'energy-sovereignty',
        moduleId: 'reclaiming-your-field',
        lessonId: 'what-energy-sovereignty-means',
        promptId: 'most-sovereign-moment',
        response: '🔥'.repeat(10_000),
      },
    });
    expect(reflection.statusCode).toBe(200);
  });
});

describe('rate limits are counted before a body is read', () => {
  it('refuses a flood past the limit with 429, whatever its body', async () => {
    const remoteAddress = nextClientAddress();
    for (let attempt = 0; attempt < newsletterRateLimit.max; attempt++) {
      await testApp.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        remoteAddress,
        payload: { email: 'not an email' },
      });
    }
    const flood = await testApp.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      remoteAddress,
      payload: { email: hostileEmail(MEBIBYTE) },
    });
    expect(flood.statusCode).toBe(429);
  });
});

describe('TRUST_PROXY names the proxies whose X-Forwarded-For is believed', () => {
  let behindProxy: TestApp;
  beforeAll(async () => {
    behindProxy = await buildTestApp({ TRUST_PROXY: '10.9.0.0/16' });
  });
  afterAll(() => behindProxy.close());

  const subscribeFrom = (remoteAddress: string, forwardedFor: string) =>
    behindProxy.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: 'seeker@example.com' },
    });

  it('ignores an address a client chose itself: the limit holds', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= newsletterRateLimit.max; attempt++) {
      const response = await subscribeFrom('192.0.2.7', `198.51.100.${attempt}`);
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('believes the trusted proxy about the client behind it', async () => {
    for (let attempt = 0; attempt <= newsletterRateLimit.max; attempt++) {
      const response = await subscribeFrom('10.9.0.1', `203.0.113.${attempt}`);
      expect(response.statusCode).toBe(200);
    }
  });
});
