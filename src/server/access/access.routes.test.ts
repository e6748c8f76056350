import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAccessResponse } from '../../shared/api/access.ts';
import { accessEvents, courseEnrollments } from '../db/schema/access.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createAdmin, createUser, type TestUser } from '../testing/users.ts';
import { enrollInCourses, revokeEnrollments, updateEnrollmentProgress } from './enrollments.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const myAccess = async (user: TestUser) => {
  const response = await testApp.as(user).get('/api/me/access');
  expect(response.statusCode).toBe(200);
  const body = response.json<MyAccessResponse>();
  return {
    ...body,
    of: (courseId: string) => body.courses.find((course) => course.courseId === courseId)!,
  };
};

describe('GET /api/me/access', () => {
  it('answers 401 without a session', async () => {
    const response = await testApp.as(undefined).get('/api/me/access');
    expect(response.statusCode).toBe(401);
  });

  it('shows a new learner as free with no access', async () => {
    const learner = await createUser(testApp.app);
    const access = await myAccess(learner);
    expect(access.tier).toBe('free');
    expect(access.courses.every((course) => course.accessType === 'none')).toBe(true);
  });

  it('shows a purchased course as paid for 365 days, and only to its owner', async () => {
    const learner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    await enrollInCourses(testApp.db, {
      userId: learner.id,
      courseIds: ['energy-sovereignty'],
      purchaseType: 'individual',
      source: 'purchase',
      reference: 'cs_test_1',
    });
    const access = await myAccess(learner);
    expect(access.tier).toBe('paid');
    const course = access.of('energy-sovereignty');
    expect(course.accessType).toBe('paid');
    const days = (Date.parse(course.expiresAt!) - Date.parse(course.enrolledAt!)) / 86_400_000;
    expect(days).toBe(365);
    expect((await myAccess(other)).of('energy-sovereignty').accessType).toBe('none');
  });

  it('ends access when the enrollment expires', async () => {
    const learner = await createUser(testApp.app);
    await enrollInCourses(testApp.db, {
      userId: learner.id,
      courseIds: ['sovereign-flame'],
      purchaseType: 'individual',
      source: 'purchase',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await myAccess(learner)).of('sovereign-flame').accessType).toBe('none');
  });

  it('gives an admin every course', async () => {
    const admin = await createAdmin(testApp.app, testApp.db);
    const access = await myAccess(admin);
    expect(access.tier).toBe('admin');
    expect(access.courses.every((course) => course.accessType === 'admin')).toBe(true);
  });
});

describe('enrollments', () => {
  it('refuse enrolling in a course that is already active', async () => {
    const learner = await createUser(testApp.app);
    const grant = {
      userId: learner.id,
      courseIds: ['energy-sovereignty'],
      purchaseType: 'individual' as const,
      source: 'purchase' as const,
    };
    await enrollInCourses(testApp.db, grant);
    await expect(enrollInCourses(testApp.db, grant)).rejects.toMatchObject({ code: 'conflict' });
    const rows = await testApp.db
      .select()
      .from(courseEnrollments)
      .where(eq(courseEnrollments.userId, learner.id));
    expect(rows).toHaveLength(1);
  });

  it('renew an expired enrollment and keep its progress', async () => {
    const learner = await createUser(testApp.app);
    const base = {
      userId: learner.id,
      courseIds: ['energy-sovereignty'],
      purchaseType: 'individual' as const,
      source: 'purchase' as const,
    };
    await enrollInCourses(testApp.db, { ...base, expiresAt: new Date(Date.now() - 1000) });
    await updateEnrollmentProgress(testApp.db, {
      userId: learner.id,
      courseId: 'energy-sovereignty',
      progress: 40,
    });
    const [renewed] = await enrollInCourses(testApp.db, base);
    expect(renewed).toMatchObject({ progress: 40 });
    expect(renewed!.expiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('turn a beta enrollment into the purchase', async () => {
    const learner = await createUser(testApp.app);
    await enrollInCourses(testApp.db, {
      userId: learner.id,
      courseIds: ['sovereign-flame'],
      purchaseType: 'beta',
      source: 'beta',
    });
    const [paid] = await enrollInCourses(testApp.db, {
      userId: learner.id,
      courseIds: ['sovereign-flame'],
      purchaseType: 'individual',
      source: 'purchase',
    });
    expect(paid?.purchaseType).toBe('individual');
  });

  it('clamp progress to 0–100 and complete at 100', async () => {
    const learner = await createUser(testApp.app);
    await enrollInCourses(testApp.db, {
      userId: learner.id,
      courseIds: ['energy-sovereignty'],
      purchaseType: 'bundle',
      source: 'bundle',
    });
    await updateEnrollmentProgress(testApp.db, {
      userId: learner.id,
      courseId: 'energy-sovereignty',
      progress: 180,
    });
    const [row] = await testApp.db
      .select()
      .from(courseEnrollments)
      .where(eq(courseEnrollments.userId, learner.id));
    expect(row).toMatchObject({ progress: 100, completed: true });
  });

  it('record every grant and revoke with its source', async () => {
    const learner = await createUser(testApp.app);
    await enrollInCourses(testApp.db, {
      userId: learner.id,
      courseIds: ['energy-sovereignty', 'sovereign-flame'],
      purchaseType: 'bundle',
      source: 'bundle',
      reference: 'cs_test_bundle',
    });
    await revokeEnrollments(testApp.db, {
      userId: learner.id,
      courseIds: ['sovereign-flame'],
      source: 'refund',
      reference: 'ch_1',
    });
    const events = await testApp.db
      .select()
      .from(accessEvents)
      .where(eq(accessEvents.userId, learner.id));
    expect(
      events.map((event) => [event.courseId, event.action, event.source, event.reference]),
    ).toEqual([
      ['energy-sovereignty', 'grant', 'bundle', 'cs_test_bundle'],
      ['sovereign-flame', 'grant', 'bundle', 'cs_test_bundle'],
      ['sovereign-flame', 'revoke', 'refund', 'ch_1'],
    ]);
  });
});
