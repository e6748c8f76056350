import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../db/schema/rate-limit.ts';
import { checkoutRateLimit } from '../payments/payments.routes.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createUser, nextClientAddress, TEST_PASSWORD, type TestUser } from '../testing/users.ts';
import { pruneRateLimitHits } from './rate-limit.ts';
import { NUL_TEXT_MESSAGE } from './refuse-nul-text.ts';

let testApp: TestApp;
let learner: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  learner = await createUser(testApp.app);
});
afterAll(() => testApp.close());

const startCheckout = (user: TestUser, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    headers: { cookie: user.cookie, ...headers },
    payload: { lineItems: [{ price: 'energy-sovereignty', quantity: 1 }] },
  });

describe('one origin check for every write', () => {
  it.each([
    [{ origin: 'https://evil.example' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site', origin: 'http://shop.localhost:3000' }],
  ])('refuses a signed-in write sent from another site (%o) with 403', async (headers) => {
    const response = await startCheckout(learner, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Requests from other sites are not accepted.');
  });

  it('accepts the same write from the app itself', async () => {
    const response = await startCheckout(learner, {
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a cross-site sign-in too', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: learner.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('text with a NUL character', () => {
  it.each([
    ['a query', { method: 'GET', url: '/api/get-customer-subscriptions?customerId=%00cus' }],
    [
      'a nested body field',
      {
        method: 'POST',
        url: '/api/create-checkout-session',
        payload: { lineItems: [{ price: 'energy\u0000', quantity: 1 }] },
      },
    ],
    [
      'a sign-up',
      {
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: {
          firstName: 'Ada\u0000',
          lastName: 'Lovelace',
          email: 'nul@example.com',
          password: 'A long Password 1',
        },
      },
    ],
  ] as const)(
    'is refused with 400 in %s, before it reaches the database',
    async (_where, request) => {
      const response = await testApp.app.inject({
        ...request,
        headers: { cookie: learner.cookie },
        remoteAddress: nextClientAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(NUL_TEXT_MESSAGE);
    },
  );
});

describe('private answers', () => {
  it('are never cached', async () => {
    for (const url of ['/api/me/access', '/api/me/purchases', '/api/courses/energy-sovereignty']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { cookie: learner.cookie },
      });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('never carry the session token, which stays in its HttpOnly cookie', async () => {
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextClientAddress(),
      payload: { email: learner.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).not.toHaveProperty('token');
    const cookieToken = decodeURIComponent(learner.cookie.split('=')[1]!).split('.')[0]!;
    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: learner.cookie },
    });
    expect(session.json().user.email).toBe(learner.email);
    expect(session.body).not.toContain(cookieToken);

    const sessions = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/list-sessions',
      headers: { cookie: learner.cookie },
    });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json<object[]>().length).toBeGreaterThan(0);
    for (const listed of sessions.json<object[]>()) expect(listed).not.toHaveProperty('token');
    expect(sessions.body).not.toContain(cookieToken);
  });
});

describe('rate limits', () => {
  it('limit how many checkouts one buyer starts, from any address', async () => {
    const buyer = await createUser(testApp.app);
    for (let attempt = 0; attempt < checkoutRateLimit.max; attempt++) {
      expect((await startCheckout(buyer)).statusCode).toBe(200);
    }
    const refused = await startCheckout(buyer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(checkoutRateLimit.message);
    expect((await startCheckout(learner)).statusCode).toBe(200);
  });

  it('forget counters of windows long past', async () => {
    await testApp.db.insert(rateLimitHits).values([
      { key: 'old:10.0.0.1', windowStart: sql`now() - interval '2 days'`, hits: 3 },
      { key: 'fresh:10.0.0.1', windowStart: sql`now()`, hits: 1 },
    ]);
    expect(await pruneRateLimitHits(testApp.db)).toBeGreaterThanOrEqual(1);
    const keys = async (key: string) =>
      testApp.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key));
    expect(await keys('old:10.0.0.1')).toEqual([]);
    expect(await keys('fresh:10.0.0.1')).toHaveLength(1);
  });
});
