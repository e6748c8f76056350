import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../db/schema/marketing.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { waitForMailTo } from '../testing/mail.ts';
import { confirmFreshSecondFactor } from '../testing/second-factor.ts';
import { createAdmin, createUser, nextClientAddress, type TestAdmin } from '../testing/users.ts';
import { unsubscribeToken } from './newsletter.ts';
import { newsletterRateLimit } from './newsletter.routes.ts';

let testApp: TestApp;
let admin: TestAdmin;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
  await confirmFreshSecondFactor(testApp.app, admin);
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

const unsubscribe = (payload: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/newsletter/unsubscribe',
    payload: payload as object,
  });

describe('unsubscribing', () => {
  it('welcomes a new subscriber with a mail whose link unsubscribes them', async () => {
    await subscribe({ email: 'Leaving@Example.com' });
    const mail = await waitForMailTo(testApp.db, 'Leaving@Example.com');
    const link = /http:\/\/localhost:3000\/unsubscribe\?token=(\S+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const response = await unsubscribe({ token: link![1] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unsubscribed: true });
    expect(await rowsFor('leaving@example.com')).toEqual([]);
    expect((await unsubscribe({ token: link![1] })).statusCode).toBe(200);
  });

  it('answers 400 for a missing, forged or altered token and keeps the subscriber', async () => {
    await subscribe({ email: 'staying@example.com' });
    const token = unsubscribeToken(testApp.app.config.authSecret, 'staying@example.com');
    const forged = unsubscribeToken('another-secret', 'staying@example.com');
    const otherAddress = `${Buffer.from('someone@example.com').toString('base64url')}.${token.split('.')[1]}`;
    for (const payload of [{}, { token: '' }, { token: forged }, { token: otherAddress }]) {
      const response = await unsubscribe(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await rowsFor('staying@example.com')).toHaveLength(1);
  });
});

describe('admins reading the subscribers', () => {
  const get = (url: string, cookie?: string) =>
    testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('lists them newest first and exports every one as CSV', async () => {
    await subscribe({ email: 'csv-reader@example.com' });
    await subscribe({ email: '=cmd@example.com' });
    const list = await get('/api/admin/newsletter?pageSize=1', admin.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().subscribers).toEqual([
      { email: '=cmd@example.com', createdAt: expect.any(String) },
    ]);
    const csv = await get('/api/admin/newsletter.csv', admin.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('newsletter-subscribers.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at');
    expect(lines).toContainEqual(expect.stringMatching(/^"csv-reader@example.com",\d{4}-/));
    expect(lines).toContainEqual(expect.stringMatching(/^"'=cmd@example.com",/));
  });

  it('answers 400 for a bad page, 401 without a session and 403 to a learner', async () => {
    expect((await get('/api/admin/newsletter?page=0', admin.cookie)).statusCode).toBe(400);
    const learner = await createUser(testApp.app);
    for (const url of ['/api/admin/newsletter', '/api/admin/newsletter.csv']) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, learner.cookie)).statusCode).toBe(403);
    }
  });
});
