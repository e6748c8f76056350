import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAccessResponse } from '../../shared/api/access.ts';
import { accessEvents, courseEnrollments } from '../db/schema/access.ts';
import { users } from '../db/schema/auth.ts';
import { betaGrants } from '../db/schema/beta.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { confirmFreshSecondFactor } from '../testing/second-factor.ts';
import {
  createAdmin,
  createEnrolledLearner,
  createUser,
  nextClientAddress,
  TEST_PASSWORD,
  type TestAdmin,
  type TestUser,
} from '../testing/users.ts';

let testApp: TestApp;
let admin: TestAdmin;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
  await confirmFreshSecondFactor(testApp.app, admin);
});
afterAll(() => testApp.close());

const send = (
  method: 'POST' | 'DELETE',
  user: TestUser | undefined,
  payload: Record<string, unknown>,
) => testApp.as(user).request(method, '/api/admin/enrollments', payload);

const enrollmentsOf = (userId: string) =>
  testApp.db.select().from(courseEnrollments).where(eq(courseEnrollments.userId, userId));

const daysOf = (row: { enrolledAt: Date; expiresAt: Date | null }) =>
  (row.expiresAt!.getTime() - row.enrolledAt.getTime()) / 86_400_000;

const accessOf = async (cookie: string) =>
  (
    await testApp.app.inject({ method: 'GET', url: '/api/me/access', headers: { cookie } })
  ).json<MyAccessResponse>();

describe('POST /api/admin/enrollments', () => {
  it('grants complimentary access for 365 days, shown to the learner as complimentary', async () => {
    const learner = await createUser(testApp.app);
    const response = await send('POST', admin, {
      userId: learner.id,
      courseIds: ['energy-sovereignty', 'sovereign-flame'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ granted: 2 });
    const rows = await enrollmentsOf(learner.id);
    expect(rows.map((row) => row.purchaseType)).toEqual(['complimentary', 'complimentary']);
    expect(daysOf(rows[0]!)).toBe(365);
    const access = await accessOf(learner.cookie);
    expect(access.tier).toBe('complimentary');
    expect(access.courses.find((course) => course.courseId === 'sovereign-flame')).toMatchObject({
      accessType: 'complimentary',
    });
    const events = await testApp.db
      .select()
      .from(accessEvents)
      .where(eq(accessEvents.userId, learner.id));
    expect(events.map((event) => [event.action, event.source, event.actorId])).toEqual([
      ['grant', 'admin', admin.id],
      ['grant', 'admin', admin.id],
    ]);
  });

  it('turns a complimentary grant into beta access for 30 days', async () => {
    const learner = await createUser(testApp.app);
    await send('POST', admin, { userId: learner.id, courseIds: ['energy-sovereignty'] });
    const response = await send('POST', admin, {
      userId: learner.id,
      courseIds: ['energy-sovereignty'],
      accessType: 'beta',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await enrollmentsOf(learner.id);
    expect(row?.purchaseType).toBe('beta');
    expect(daysOf(row!)).toBe(30);
  });

  it('refuses a grant over a purchase, naming what would be lost, and changes nothing', async () => {
    const buyer = await createEnrolledLearner(testApp.app, testApp.db, ['energy-sovereignty']);
    const response = await send('POST', admin, {
      userId: buyer.id,
      courseIds: ['sovereign-flame', 'energy-sovereignty'],
      accessType: 'beta',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(
      new RegExp(`^${buyer.email} has paid access to Energy Sovereignty \\(individual, expires`),
    );
    const rows = await enrollmentsOf(buyer.id);
    expect(rows.map((row) => [row.courseId, row.purchaseType])).toEqual([
      ['energy-sovereignty', 'individual'],
    ]);
  });

  it('grants access that never ends when expiresAt is null', async () => {
    const learner = await createUser(testApp.app);
    await send('POST', admin, {
      userId: learner.id,
      courseIds: ['energy-sovereignty'],
      expiresAt: null,
    });
    const [row] = await enrollmentsOf(learner.id);
    expect(row?.expiresAt).toBeNull();
  });

  it('answers 400 for bad input with a clear message', async () => {
    const learner = await createUser(testApp.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ courseIds: ['energy-sovereignty'] }, 'userId'],
      [{ userId: learner.id, courseIds: [] }, 'Please select at least one course'],
      [{ userId: learner.id, courseIds: ['complete-bundle'] }, 'Course not found: complete-bundle'],
      [{ userId: learner.id, courseIds: ['energy-sovereignty'], accessType: 'life' }, 'accessType'],
      [{ userId: learner.id, courseIds: ['energy-sovereignty'], expiresAt: 'soon' }, 'expiresAt'],
    ];
    for (const [payload, message] of cases) {
      const response = await send('POST', admin, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });

  it('answers 404 for an unknown user, 401 without a session and 403 for a learner', async () => {
    const payload = { userId: 'nobody', courseIds: ['energy-sovereignty'] };
    const unknown = await send('POST', admin, payload);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('User not found');
    expect((await send('POST', undefined, payload)).statusCode).toBe(401);
    const learner = await createUser(testApp.app);
    const forbidden = await send('POST', learner, { ...payload, userId: learner.id });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe('You do not have permission to access this page');
    expect(await enrollmentsOf(learner.id)).toEqual([]);
  });
});

describe('DELETE /api/admin/enrollments', () => {
  it('revokes one course and records it', async () => {
    const learner = await createUser(testApp.app);
    await send('POST', admin, {
      userId: learner.id,
      courseIds: ['energy-sovereignty', 'sovereign-flame'],
    });
    const response = await send('DELETE', admin, {
      userId: learner.id,
      courseId: 'sovereign-flame',
    });
    expect(response.json()).toEqual({ revoked: 1 });
    expect((await enrollmentsOf(learner.id)).map((row) => row.courseId)).toEqual([
      'energy-sovereignty',
    ]);
  });

  it('answers 400, 401, 403 and 404 like the grant', async () => {
    const learner = await createUser(testApp.app);
    const payload = { userId: learner.id, courseId: 'energy-sovereignty' };
    expect((await send('DELETE', admin, { userId: learner.id })).statusCode).toBe(400);
    expect((await send('DELETE', undefined, payload)).statusCode).toBe(401);
    expect((await send('DELETE', learner, payload)).statusCode).toBe(403);
    const unknown = await send('DELETE', admin, { ...payload, userId: 'nobody' });
    expect(unknown.statusCode).toBe(404);
    const notEnrolled = await send('DELETE', admin, payload);
    expect(notEnrolled.statusCode).toBe(404);
  });
});

describe('POST /api/admin/bulk-beta-grants', () => {
  const bulk = (user: TestUser | undefined, payload: Record<string, unknown>) =>
    testApp.as(user).post('/api/admin/bulk-beta-grants', payload);
  const grantsOf = (userId: string) =>
    testApp.db.select().from(betaGrants).where(eq(betaGrants.userId, userId));

  it('grants beta access to every listed user with an account, and names the others', async () => {
    const ann = await createUser(testApp.app);
    const bob = await createUser(testApp.app);
    const response = await bulk(admin, {
      emails: [ann.email.toUpperCase(), bob.email, 'nobody-here@example.com'],
      courseIds: ['energy-sovereignty', 'sovereign-flame'],
      expiresAt: '2030-01-31T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userCount: 2,
      courseCount: 2,
      notFound: ['nobody-here@example.com'],
      waitingForConfirmation: [],
    });
    const [grant] = await grantsOf(ann.id);
    expect(grant).toMatchObject({
      courseIds: ['energy-sovereignty', 'sovereign-flame'],
      grantMethod: 'admin',
      grantedBy: admin.id,
      expiresAt: new Date('2030-01-31T00:00:00.000Z'),
    });
    expect(await grantsOf(bob.id)).toHaveLength(1);
  });

  it('grants an unconfirmed account nothing until it confirms its address (T4-M4)', async () => {
    const confirmed = await createUser(testApp.app);
    const unconfirmed = await createUser(testApp.app, { isVerified: false });
    const response = await bulk(admin, {
      emails: [unconfirmed.email, confirmed.email],
      courseIds: ['energy-sovereignty'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userCount: 1,
      notFound: [],
      waitingForConfirmation: [unconfirmed.email],
    });
    expect(await grantsOf(unconfirmed.id)).toHaveLength(0);
    expect(await grantsOf(confirmed.id)).toHaveLength(1);

    // Confirmed by whoever owns the address, and signing in: the grant that waited is made.
    await testApp.db.update(users).set({ emailVerified: true }).where(eq(users.id, unconfirmed.id));
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextClientAddress(),
      payload: { email: unconfirmed.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const [grant] = await grantsOf(unconfirmed.id);
    expect(grant).toMatchObject({ grantedBy: admin.id, courseIds: ['energy-sovereignty'] });
  });

  it('lasts 30 days when no date is given, and leaves a purchase as it was', async () => {
    const buyer = await createEnrolledLearner(testApp.app, testApp.db, ['energy-sovereignty']);
    await bulk(admin, { emails: [buyer.email], courseIds: ['energy-sovereignty'] });
    const [grant] = await grantsOf(buyer.id);
    const days = (grant!.expiresAt!.getTime() - grant!.grantedAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const [row] = await enrollmentsOf(buyer.id);
    expect(row?.purchaseType).toBe('individual');
  });

  it('answers 404 when no email has an account, and 400, 401 and 403', async () => {
    const none = await bulk(admin, {
      emails: ['nobody-1@example.com'],
      courseIds: ['energy-sovereignty'],
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('No users found with the provided emails');
    const cases: [Record<string, unknown>, string][] = [
      [{ emails: [], courseIds: ['energy-sovereignty'] }, 'Please enter valid email addresses'],
      [{ emails: ['not-an-email'], courseIds: ['energy-sovereignty'] }, 'expected an email'],
      [{ emails: ['a@example.com'], courseIds: [] }, 'Please select at least one course'],
    ];
    for (const [payload, message] of cases) {
      const response = await bulk(admin, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    const payload = { emails: ['a@example.com'], courseIds: ['energy-sovereignty'] };
    expect((await bulk(undefined, payload)).statusCode).toBe(401);
    const learner = await createUser(testApp.app);
    expect((await bulk(learner, payload)).statusCode).toBe(403);
  });
});

describe('DELETE /api/admin/users/:userId/enrollments', () => {
  const clear = (userId: string, cookie?: string) =>
    testApp.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${userId}/enrollments`,
      headers: cookie ? { cookie } : {},
    });

  it('clears every enrollment of the user, each in the access history as the admin', async () => {
    const buyer = await createEnrolledLearner(testApp.app, testApp.db, ['energy-sovereignty']);
    await send('POST', admin, { userId: buyer.id, courseIds: ['sovereign-flame'] });
    const response = await clear(buyer.id, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 2 });
    expect(await enrollmentsOf(buyer.id)).toEqual([]);
    const revokes = await testApp.db
      .select()
      .from(accessEvents)
      .where(eq(accessEvents.userId, buyer.id));
    expect(
      revokes
        .filter((event) => event.action === 'revoke')
        .map((event) => [event.courseId, event.source, event.actorId])
        .sort(),
    ).toEqual([
      ['energy-sovereignty', 'admin', admin.id],
      ['sovereign-flame', 'admin', admin.id],
    ]);
    expect((await clear(buyer.id, admin.cookie)).json()).toEqual({ revoked: 0 });
  });

  it("refuses a learner in the spec's words, and answers 400, 401 and 404", async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db, ['energy-sovereignty']);
    const forbidden = await clear(learner.id, learner.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(
      'Permission denied: Only admins can clear all enrollments',
    );
    expect(await enrollmentsOf(learner.id)).toHaveLength(1);
    expect((await clear(learner.id)).statusCode).toBe(401);
    expect((await clear('%20', admin.cookie)).statusCode).toBe(400);
    expect((await clear('nobody', admin.cookie)).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/included-on-release', () => {
  const withdraw = (cookie: string | undefined, payload: Record<string, unknown>) =>
    testApp.app.inject({
      method: 'DELETE',
      url: '/api/admin/included-on-release',
      headers: cookie ? { cookie } : {},
      payload,
    });

  const buyBundleBeforeRelease = async (userId: string, email: string) => {
    const id = `cs_test_${randomUUID()}`;
    await testApp.db.insert(checkoutSessions).values({
      id,
      userId,
      mode: 'test',
      items: [],
      courseIds: ['energy-sovereignty', 'dragons-clarity', 'phoenix-ascension'],
      isBundle: true,
      amountCents: 25_000,
      receiptEmail: email,
      status: 'complete',
      paymentStatus: 'paid',
      fulfilledAt: new Date(),
      awaitingReleaseCourseIds: ['dragons-clarity', 'phoenix-ascension'],
    });
    return id;
  };

  it('takes a coming-soon course out of the bundle, recorded as the admin', async () => {
    const buyer = await createUser(testApp.app);
    const purchaseId = await buyBundleBeforeRelease(buyer.id, buyer.email);
    const response = await withdraw(admin.cookie, {
      userId: buyer.id,
      courseId: 'dragons-clarity',
    });
    expect(response.statusCode).toBe(200);
    const [purchase] = await testApp.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, purchaseId));
    expect(purchase?.awaitingReleaseCourseIds).toEqual(['phoenix-ascension']);
    const events = await testApp.db
      .select()
      .from(accessEvents)
      .where(eq(accessEvents.userId, buyer.id));
    expect(events.map((event) => [event.action, event.courseId, event.reference])).toEqual([
      ['revoke', 'dragons-clarity', purchaseId],
    ]);
    const again = await withdraw(admin.cookie, { userId: buyer.id, courseId: 'dragons-clarity' });
    expect(again.statusCode).toBe(404);
  });

  it('answers 400 for bad input, 401 without a session and 403 for a learner', async () => {
    const buyer = await createUser(testApp.app);
    await buyBundleBeforeRelease(buyer.id, buyer.email);
    const blank = await withdraw(admin.cookie, { userId: buyer.id, courseId: '' });
    expect(blank.statusCode).toBe(400);
    const payload = { userId: buyer.id, courseId: 'dragons-clarity' };
    expect((await withdraw(undefined, payload)).statusCode).toBe(401);
    expect((await withdraw(buyer.cookie, payload)).statusCode).toBe(403);
  });
});
