import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAccessResponse } from '../../shared/api/access.ts';
import type { AdminUserDetail } from '../../shared/api/admin.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { listAdminReads } from '../users/admin-reads.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startFakeStripeServer } from '../testing/fake-stripe-server.ts';
import { createAdmin, createEnrolledLearner, createUser, type TestUser } from '../testing/users.ts';

let testApp: TestApp;
let admin: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

const get = (url: string, user?: TestUser) => testApp.as(user).get(url);

const unique = () => Math.random().toString(36).slice(2, 10);

describe('GET /api/admin/user-search', () => {
  it('finds the user by their whole email whatever its case, else by the start of it, else by what it or the name contains', async () => {
    const tag = unique();
    const maya = await createUser(testApp.app, {
      email: `maya-${tag}@example.com`,
      firstName: 'Maya',
      lastName: 'Stone',
    });
    const exact = await get(
      `/api/admin/user-search?email=${encodeURIComponent(` MAYA-${tag}@example.com `)}`,
      admin,
    );
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toEqual({
      id: maya.id,
      email: maya.email,
      firstName: 'Maya',
      lastName: 'Stone',
      name: 'Maya Stone',
      role: 'user',
      createdAt: expect.stringMatching(/^\d{4}-/),
    });
    const prefix = await get(`/api/admin/user-search?email=maya-${tag}`, admin);
    expect(prefix.json().id).toBe(maya.id);
    const inside = await get(`/api/admin/user-search?email=YA-${tag}@EXAMPLE`, admin);
    expect(inside.json().id).toBe(maya.id);
  });

  it('finds a user by a part of their name', async () => {
    const tag = unique();
    const ravi = await createUser(testApp.app, { firstName: 'Ravi', lastName: `Okafor${tag}` });
    const found = await get(`/api/admin/user-search?email=kafor${tag}`, admin);
    expect(found.json().id).toBe(ravi.id);
  });

  it('answers 404 User not found, and matches % and _ literally', async () => {
    const response = await get('/api/admin/user-search?email=%25', admin);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('User not found');
  });

  it('answers 400 for empty text, 401 without a session and 403 for a learner', async () => {
    const empty = await get('/api/admin/user-search?email=%20', admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('email: enter the text to search for');
    expect((await get('/api/admin/user-search?email=a')).statusCode).toBe(401);
    const learner = await createUser(testApp.app);
    expect((await get('/api/admin/user-search?email=a', learner)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/users', () => {
  it('pages through users newest first, and by email through those whose email contains the text', async () => {
    const tag = unique();
    const first = await createUser(testApp.app, { email: `page-${tag}-a@example.com` });
    const second = await createUser(testApp.app, { email: `page-${tag}-b@example.com` });
    const newest = await get('/api/admin/users?pageSize=1', admin);
    expect(newest.json()).toMatchObject({ page: 1, pageSize: 1, hasMore: true });
    expect(newest.json().users[0].id).toBe(second.id);

    const search = `/api/admin/users?search=GE-${tag}-&pageSize=1`;
    const page1 = (await get(search, admin)).json();
    const page2 = (await get(`${search}&page=2`, admin)).json();
    expect(page1.users.map((user: { id: string }) => user.id)).toEqual([first.id]);
    expect(page1.hasMore).toBe(true);
    expect(page2.users.map((user: { id: string }) => user.id)).toEqual([second.id]);
    expect(page2.hasMore).toBe(false);
  });

  it('pages in email order through a text more than 500 users contain, as through a few', async () => {
    const tag = unique();
    // More users contain the text than the search counts first (FEW_MATCHES): the ordered walk.
    await testApp.db.execute(sql`
      insert into users (id, name, email, first_name, last_name, created_at, updated_at)
      select 'many-' || ${tag} || '-' || i, 'Many ' || i,
             'many-' || ${tag} || '-' || lpad(i::text, 3, '0') || '@example.com',
             'Many', 'User ' || i, now(), now()
      from generate_series(600, 0, -1) as i`);
    const emailsOf = (page: { users: { email: string }[] }) => page.users.map((user) => user.email);
    const email = (i: number) => `many-${tag}-${String(i).padStart(3, '0')}@example.com`;

    const common = (await get(`/api/admin/users?search=${tag}-&pageSize=2&page=3`, admin)).json();
    expect(emailsOf(common)).toEqual([email(4), email(5)]);
    expect(common.hasMore).toBe(true);
    const few = (await get(`/api/admin/users?search=${tag}-59&pageSize=2&page=2`, admin)).json();
    expect(emailsOf(few)).toEqual([email(592), email(593)]);

    const found = await get(`/api/admin/user-search?email=${tag}-`, admin);
    expect(found.json().email).toBe(email(0));
  });

  it('answers 400 for a bad page size, 401 without a session and 403 for a learner', async () => {
    const bad = await get('/api/admin/users?pageSize=500', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('pageSize must be a whole number from 1 to 100');
    expect((await get('/api/admin/users')).statusCode).toBe(401);
    const learner = await createUser(testApp.app);
    expect((await get('/api/admin/users', learner)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/users/:userId', () => {
  it('shows the user, their enrollments with the access each gives, and the access audit trail', async () => {
    const buyer = await createEnrolledLearner(testApp.app, testApp.db, ['energy-sovereignty']);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/enrollments',
      headers: { cookie: admin.cookie },
      payload: { userId: buyer.id, courseIds: ['sovereign-flame'], expiresAt: null },
    });
    const response = await get(`/api/admin/users/${buyer.id}`, admin);
    expect(response.statusCode).toBe(200);
    const detail = response.json<AdminUserDetail>();
    expect(detail.user.email).toBe(buyer.email);
    expect(detail.tier).toBe('paid');
    expect(
      detail.enrollments.map((row) => [row.courseTitle, row.purchaseType, row.accessType]),
    ).toEqual([
      ['Energy Sovereignty', 'individual', 'paid'],
      ['The Sovereign Flame', 'complimentary', 'complimentary'],
    ]);
    expect(detail.enrollments[1]!.expiresAt).toBeNull();
    expect(
      detail.accessEvents.map((event) => [event.courseId, event.source, event.actorEmail]),
    ).toEqual([
      ['sovereign-flame', 'admin', admin.email],
      ['energy-sovereignty', 'purchase', null],
    ]);
  });

  it('shows every source of access: beta grants, and the coming-soon courses a bundle includes', async () => {
    const buyer = await createUser(testApp.app);
    await testApp.db.insert(checkoutSessions).values({
      id: `cs_test_${unique()}`,
      userId: buyer.id,
      mode: 'test',
      items: [],
      courseIds: ['energy-sovereignty', 'dragons-clarity'],
      isBundle: true,
      amountCents: 25_000,
      receiptEmail: buyer.email,
      status: 'complete',
      paymentStatus: 'paid',
      fulfilledAt: new Date(),
      awaitingReleaseCourseIds: ['dragons-clarity'],
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/grant-beta-access',
      headers: { cookie: admin.cookie },
      payload: { userId: buyer.id, courseIds: ['phoenix-ascension'] },
    });
    const detail = (await get(`/api/admin/users/${buyer.id}`, admin)).json<AdminUserDetail>();
    expect(detail.betaGrants).toMatchObject([
      { courseIds: ['phoenix-ascension'], grantMethod: 'admin', isActive: true },
    ]);
    expect(detail.includedOnRelease).toMatchObject([
      { courseId: 'dragons-clarity', courseTitle: "Dragon's Clarity" },
    ]);
    expect(detail.subscriptions).toEqual([]);
    expect(detail.accessEvents.map((event) => [event.courseTitle, event.source])).toEqual([
      ['Phoenix Ascension', 'beta'],
    ]);
  });

  it('shows a coming-soon course as included only where the learner has it: not from a test-mode bundle once payments are live', async () => {
    const fakeStripe = await startFakeStripeServer();
    const liveApp = await buildTestApp(fakeStripe.environment);
    try {
      const liveAdmin = await createAdmin(liveApp.app, liveApp.db);
      const buyer = await createUser(liveApp.app);
      const bundle = (id: string, mode: 'test' | 'stripe', courseId: string) => ({
        id,
        userId: buyer.id,
        mode,
        items: [],
        courseIds: ['energy-sovereignty', courseId],
        isBundle: true,
        amountCents: 25_000,
        receiptEmail: buyer.email,
        status: 'complete' as const,
        paymentStatus: 'paid' as const,
        fulfilledAt: new Date(),
        awaitingReleaseCourseIds: [courseId],
      });
      await liveApp.db
        .insert(checkoutSessions)
        .values([
          bundle(`test_cs_${unique()}`, 'test', 'dragons-clarity'),
          bundle(`cs_live_${unique()}`, 'stripe', 'phoenix-ascension'),
        ]);
      const detail = (
        await liveApp.as(liveAdmin).get(`/api/admin/users/${buyer.id}`)
      ).json<AdminUserDetail>();
      expect(detail.includedOnRelease.map((course) => course.courseId)).toEqual([
        'phoenix-ascension',
      ]);
      const own = (await liveApp.as(buyer).get('/api/me/access')).json<MyAccessResponse>();
      expect(
        own.courses.filter((course) => course.opensOnRelease).map((course) => course.courseId),
      ).toEqual(['phoenix-ascension']);
    } finally {
      await liveApp.close();
      await fakeStripe.close();
    }
  });

  it('answers 404 for an unknown user, 401 without a session and 403 for a learner', async () => {
    expect((await get('/api/admin/users/nobody', admin)).statusCode).toBe(404);
    const learner = await createUser(testApp.app);
    expect((await get(`/api/admin/users/${learner.id}`)).statusCode).toBe(401);
    expect((await get(`/api/admin/users/${learner.id}`, learner)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/users/:userId/reflections', () => {
  it('lets an admin read them, and records the read for the learner', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db, ['energy-sovereignty']);
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: '/api/learning/reflections',
      headers: { cookie: learner.cookie },
      payload: {
        courseId: 'energy-sovereignty',
        moduleId: 'reclaiming-your-field',
        lessonId: 'what-energy-sovereignty-means',
        promptId: 'most-sovereign-moment',
        response: 'Walking by the sea, unhurried.',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await listAdminReads(testApp.db, learner.id)).toEqual([]);

    const response = await get(`/api/admin/users/${learner.id}/reflections`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().reflections).toMatchObject([
      { courseId: 'energy-sovereignty', response: 'Walking by the sea, unhurried.' },
    ]);
    expect(await listAdminReads(testApp.db, learner.id)).toEqual([
      { readerEmail: admin.email, subject: 'reflections', readAt: expect.any(String) },
    ]);
  });

  it('answers 400 for a blank id, 404, 401 and 403 and records no read then', async () => {
    const learner = await createUser(testApp.app);
    expect((await get('/api/admin/users/%20/reflections', admin)).statusCode).toBe(400);
    expect((await get('/api/admin/users/nobody/reflections', admin)).statusCode).toBe(404);
    expect((await get(`/api/admin/users/${learner.id}/reflections`)).statusCode).toBe(401);
    const other = await createUser(testApp.app);
    const forbidden = await get(`/api/admin/users/${learner.id}/reflections`, other);
    expect(forbidden.statusCode).toBe(403);
    expect(await listAdminReads(testApp.db, learner.id)).toEqual([]);
  });
});
