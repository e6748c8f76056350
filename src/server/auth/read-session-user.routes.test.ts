import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/auth.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { countQueries, type QueryCounter } from '../testing/count-queries.ts';
import { createAdmin, createUser } from '../testing/users.ts';

let testApp: TestApp;
let queries: QueryCounter;
beforeAll(async () => {
  testApp = await buildTestApp();
  queries = countQueries(testApp.pool);
});
afterAll(() => testApp.close());

const DAY_MS = 24 * 60 * 60 * 1000;

const readPurchases = (cookie?: string) =>
  testApp.app.inject({
    method: 'GET',
    url: '/api/me/purchases',
    headers: cookie ? { cookie } : {},
  });

const readMe = (cookie: string) =>
  testApp.app.inject({ method: 'GET', url: '/api/me/access', headers: { cookie } });

/** The session row's expiry, as if it had been signed in `daysAgo` days ago and not used since. */
async function ageSession(userId: string, daysAgo: number) {
  await testApp.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + 7 * DAY_MS - daysAgo * DAY_MS) })
    .where(eq(sessions.userId, userId));
}

describe('the signed-in user of a request', () => {
  it('is read with its role in one database round trip', async () => {
    const learner = await createUser(testApp.app);
    queries.reset();
    const response = await readPurchases(learner.cookie);
    expect(response.statusCode).toBe(200);
    const sessionReads = queries.statements.filter((text) => text.includes('"sessions"'));
    expect(sessionReads).toHaveLength(1);
    expect(sessionReads[0]).toContain('"profiles"');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it("carries the admin role from the profile: an admin may read another learner's reflections", async () => {
    const admin = await createAdmin(testApp.app, testApp.db);
    const learner = await createUser(testApp.app);
    const lesson = new URLSearchParams({
      userId: learner.id,
      courseId: 'energy-sovereignty',
      moduleId: 'reclaiming-your-field',
      lessonId: 'what-energy-sovereignty-means',
    });
    const adminCall = (cookie: string) =>
      testApp.app.inject({
        method: 'GET',
        url: `/api/learning/reflections?${lesson.toString()}`,
        headers: { cookie },
      });
    expect((await adminCall(admin.cookie)).statusCode).toBe(200);
    const otherLearner = await createUser(testApp.app);
    expect((await adminCall(otherLearner.cookie)).statusCode).toBe(403);
  });

  it('answers 401 without a cookie, with a forged one and after sign-out', async () => {
    const learner = await createUser(testApp.app);
    expect((await readPurchases()).statusCode).toBe(401);
    const [name, value] = learner.cookie.split(';')[0]!.split('=');
    const token = decodeURIComponent(value!).split('.')[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await readPurchases(forged)).statusCode).toBe(401);

    const signOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: learner.cookie, origin: 'http://localhost:3000' },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await readPurchases(learner.cookie)).statusCode).toBe(401);
  });

  it('refuses a forged signature on a token whose real cookie it has just accepted', async () => {
    const learner = await createUser(testApp.app);
    expect((await readPurchases(learner.cookie)).statusCode).toBe(200);
    const [name, value] = learner.cookie.split(';')[0]!.split('=');
    const [token, signature] = decodeURIComponent(value!).split('.');
    const otherSignature = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    const forged = `${name}=${encodeURIComponent(`${token}.${otherSignature}`)}`;
    expect((await readPurchases(forged)).statusCode).toBe(401);
    expect((await readPurchases(learner.cookie)).statusCode).toBe(200);
  });

  it('reads the session beside other cookies, and still refuses a forgery sent beside them', async () => {
    const learner = await createUser(testApp.app);
    const withTheme = `sf_theme=dark; ${learner.cookie}`;
    expect((await readPurchases(withTheme)).statusCode).toBe(200);
    const [name, value] = learner.cookie.split(';')[0]!.split('=');
    const forged = `sf_theme=dark; ${name}=${encodeURIComponent(`${decodeURIComponent(value!).split('.')[0]}.${'A'.repeat(43)}=`)}`;
    expect((await readPurchases(forged)).statusCode).toBe(401);
    expect((await readPurchases(withTheme)).statusCode).toBe(200);
  });

  it('ends at once when the session is revoked in the database', async () => {
    const learner = await createUser(testApp.app);
    expect((await readMe(learner.cookie)).statusCode).toBe(200);
    await testApp.db.delete(sessions).where(eq(sessions.userId, learner.id));
    expect((await readMe(learner.cookie)).statusCode).toBe(401);
  });

  it('answers 401 and clears the cookie once the session has expired', async () => {
    const learner = await createUser(testApp.app);
    await testApp.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, learner.id));
    const response = await readPurchases(learner.cookie);
    expect(response.statusCode).toBe(401);
    const cookies = String(response.headers['set-cookie']);
    expect(cookies).toMatch(/session_token=;.*Max-Age=0/);
    expect(cookies.match(/session_token=/g)).toHaveLength(1);
  });

  it('rolls a session used a day after it last rolled, and leaves a fresher one alone', async () => {
    const learner = await createUser(testApp.app);
    await ageSession(learner.id, 0.5);
    const fresh = await readPurchases(learner.cookie);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['set-cookie']).toBeUndefined();

    await ageSession(learner.id, 2);
    const rolled = await readPurchases(learner.cookie);
    expect(rolled.statusCode).toBe(200);
    expect(String(rolled.headers['set-cookie'])).toMatch(/session_token=.*Max-Age=604800/);
    const [row] = await testApp.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, learner.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
  });

  it('answers 401, not 400 or 404, to a revoked session on a route that reads it in its own statement', async () => {
    const learner = await createUser(testApp.app);
    expect((await readPurchases(learner.cookie)).statusCode).toBe(200);
    await testApp.db.delete(sessions).where(eq(sessions.userId, learner.id));
    const invalidSave = await testApp.app.inject({
      method: 'PUT',
      url: '/api/learning/reflections',
      headers: { cookie: learner.cookie },
      payload: { courseId: 'energy-sovereignty' },
    });
    expect(invalidSave.statusCode).toBe(401);
    const unknownLesson = await testApp.app.inject({
      method: 'GET',
      url: '/api/learning/courses/energy-sovereignty/modules/none/lessons/none',
      headers: { cookie: learner.cookie },
    });
    expect(unknownLesson.statusCode).toBe(401);
    expect((await readPurchases(learner.cookie)).statusCode).toBe(401);
  });
});
