import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../db/schema/marketing.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { nextClientAddress } from '../testing/users.ts';
import { newsletterRateLimit } from './newsletter.routes.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const subscribe = (payload: unknown, remoteAddress = nextClientAddress()) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: payload as object,
    remoteAddress,
  });

const rowsFor = (email: string) =>
  testApp.db
    .select()
    .from(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`);

describe('subscribing to the newsletter', () => {
  it('stores the address', async () => {
    const response = await subscribe({ email: 'seeker@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subscribed: true });
    expect(await rowsFor('seeker@example.com')).toMatchObject([{ email: 'seeker@example.com' }]);
  });

  it('keeps one row per address whatever its letter case, and answers the same the second time', async () => {
    expect((await subscribe({ email: 'Twice@Example.com' })).statusCode).toBe(200);
    const again = await subscribe({ email: '  twice@example.COM ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ subscribed: true });
    expect(await rowsFor('twice@example.com')).toMatchObject([{ email: 'Twice@Example.com' }]);
  });

  it('answers 400 with a clear message for a missing or bad address', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Email is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'not-an-address' }, 'Please enter a valid email address'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
    ];
    for (const [payload, message] of cases) {
      const response = await subscribe(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'bad_request',
        message: `email: ${message}`,
      });
    }
  });

  it('limits subscriptions per client address with 429', async () => {
    const address = nextClientAddress();
    for (let attempt = 0; attempt < newsletterRateLimit.max; attempt++) {
      expect((await subscribe({ email: `limit-${attempt}@example.com` }, address)).statusCode).toBe(
        200,
      );
    }
    const limited = await subscribe({ email: 'one-more@example.com' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(newsletterRateLimit.message);
  });
});
