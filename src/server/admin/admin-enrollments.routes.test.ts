import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessEvents, courseEnrollments } from '../db/schema/access.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createAdmin, createUser, type TestUser } from '../testing/users.ts';

let testApp: TestApp;
let admin: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

const send = (
  method: 'POST' | 'DELETE',
  cookie: string | undefined,
  payload: Record<string, unknown>,
) =>
  testApp.app.inject({
    method,
    url: '/api/admin/enrollments',
    headers: cookie ? { cookie } : {},
    payload,
  });

const enrolmentsOf = (userId: string) =>
  testApp.db.select().from(courseEnrollments).where(eq(courseEnrollments.userId, userId));

describe('POST /api/admin/enrollments', () => {
  it('grants complimentary access as individual for 365 days, recorded as the admin', async () => {
    const learner = await createUser(testApp.app);
    const response = await send('POST', admin.cookie, {
      email: learner.email.toUpperCase(),
      courseIds: ['energy-sovereignty', 'sovereign-flame'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().enrollments).toHaveLength(2);
    const rows = await enrolmentsOf(learner.id);
    expect(rows.map((row) => row.purchaseType)).toEqual(['individual', 'individual']);
    const days = (rows[0]!.expiresAt!.getTime() - rows[0]!.enrolledAt.getTime()) / 86_400_000;
    expect(days).toBe(365);
    const events = await testApp.db
      .select()
      .from(accessEvents)
      .where(eq(accessEvents.userId, learner.id));
    expect(events.map((event) => [event.action, event.source, event.actorId])).toEqual([
      ['grant', 'admin', admin.id],
      ['grant', 'admin', admin.id],
    ]);
  });

  it('overwrites an active paid enrolment with beta access for 30 days', async () => {
    const learner = await createUser(testApp.app);
    await send('POST', admin.cookie, {
      email: learner.email,
      courseIds: ['energy-sovereignty'],
      accessType: 'paid',
    });
    const response = await send('POST', admin.cookie, {
      email: learner.email,
      courseIds: ['energy-sovereignty'],
      accessType: 'beta',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await enrolmentsOf(learner.id);
    expect(row?.purchaseType).toBe('beta');
    const days = (row!.expiresAt!.getTime() - row!.enrolledAt.getTime()) / 86_400_000;
    expect(days).toBe(30);
  });

  it('grants access that never ends when expiresAt is null', async () => {
    const learner = await createUser(testApp.app);
    await send('POST', admin.cookie, {
      email: learner.email,
      courseIds: ['energy-sovereignty'],
      expiresAt: null,
    });
    const [row] = await enrolmentsOf(learner.id);
    expect(row?.expiresAt).toBeNull();
  });

  it('answers 400 for bad input with a clear message', async () => {
    const learner = await createUser(testApp.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email', courseIds: ['energy-sovereignty'] }, 'expected an email address'],
      [{ email: learner.email, courseIds: [] }, 'Please select at least one course'],
      [
        { email: learner.email, courseIds: ['complete-bundle'] },
        'Course not found: complete-bundle',
      ],
      [
        { email: learner.email, courseIds: ['energy-sovereignty'], accessType: 'lifetime' },
        'accessType',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await send('POST', admin.cookie, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });

  it('answers 404 for an unknown user, 401 without a session and 403 for a learner', async () => {
    const payload = { email: 'nobody@example.com', courseIds: ['energy-sovereignty'] };
    const unknown = await send('POST', admin.cookie, payload);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('User not found');
    expect((await send('POST', undefined, payload)).statusCode).toBe(401);
    const learner = await createUser(testApp.app);
    const forbidden = await send('POST', learner.cookie, { ...payload, email: learner.email });
    expect(forbidden.statusCode).toBe(403);
    expect(await enrolmentsOf(learner.id)).toEqual([]);
  });
});

describe('DELETE /api/admin/enrollments', () => {
  it('revokes one course', async () => {
    const learner = await createUser(testApp.app);
    await send('POST', admin.cookie, {
      email: learner.email,
      courseIds: ['energy-sovereignty', 'sovereign-flame'],
    });
    const response = await send('DELETE', admin.cookie, {
      email: learner.email,
      courseId: 'sovereign-flame',
    });
    expect(response.json()).toEqual({ revoked: 1 });
    expect((await enrolmentsOf(learner.id)).map((row) => row.courseId)).toEqual([
      'energy-sovereignty',
    ]);
  });

  it('answers 400, 401, 403 and 404 like the grant', async () => {
    const learner = await createUser(testApp.app);
    const payload = { email: learner.email, courseId: 'energy-sovereignty' };
    expect((await send('DELETE', admin.cookie, { email: learner.email })).statusCode).toBe(400);
    expect((await send('DELETE', undefined, payload)).statusCode).toBe(401);
    expect((await send('DELETE', learner.cookie, payload)).statusCode).toBe(403);
    const unknown = await send('DELETE', admin.cookie, { ...payload, email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
  });
});
