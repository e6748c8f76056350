import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../shared/api/dashboard.ts';
import { enrollInCourses } from '../access/enrollments.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createEnrolledLearner, createUser, type TestUser } from '../testing/users.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ COMMUNITY_URL: 'https://community.example.com' });
});
afterAll(() => testApp.close());

const lesson = {
  courseId: 'energy-sovereignty',
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};

const getDashboard = async (user: TestUser) => {
  const response = await testApp.as(user).get('/api/dashboard');
  expect(response.statusCode).toBe(200);
  const dashboard = response.json<Dashboard>();
  return {
    ...dashboard,
    course: (id: string) => dashboard.courses.find((course) => course.id === id)!,
    earned: dashboard.achievements.filter((a) => a.earnedAt).map((a) => a.id),
  };
};

async function completeFirstLesson(user: TestUser) {
  const client = testApp.as(user);
  for (const promptId of ['most-sovereign-moment', 'what-is-asking-to-change']) {
    await client.put('/api/learning/reflections', {
      ...lesson,
      promptId,
      response: 'A reflection long enough to count. '.repeat(4),
    });
  }
  await client.post('/api/learning/lesson-completions', lesson);
}

describe('GET /api/dashboard', () => {
  it('answers 401 without a session', async () => {
    const response = await testApp.as(undefined).get('/api/dashboard');
    expect(response.statusCode).toBe(401);
  });

  it("offers Manage Billing only with a payment behind it, not for an admin's Paid grant", async () => {
    const granted = await createUser(testApp.app);
    await enrollInCourses(testApp.db, {
      userId: granted.id,
      courseIds: ['energy-sovereignty'],
      purchaseType: 'paid',
      source: 'admin',
    });
    const grantedDashboard = await getDashboard(granted);
    expect(grantedDashboard.tier).toBe('paid');
    expect(grantedDashboard.canManageBilling).toBe(false);

    await testApp.db.insert(checkoutSessions).values({
      id: `cs_test_${randomUUID()}`,
      userId: granted.id,
      mode: 'test',
      items: [],
      courseIds: ['sovereign-flame'],
      isBundle: false,
      amountCents: 12_500,
      receiptEmail: granted.email,
      status: 'complete',
      paymentStatus: 'paid',
      fulfilledAt: new Date(),
    });
    expect((await getDashboard(granted)).canManageBilling).toBe(true);
  });

  it('shows a new learner every course without access, nothing earned and nothing watched', async () => {
    const learner = await createUser(testApp.app);
    const dashboard = await getDashboard(learner);
    expect(dashboard.tier).toBe('free');
    expect(dashboard.canManageBilling).toBe(false);
    expect(dashboard.courses.map((course) => course.access.accessType)).toEqual([
      'none',
      'none',
      'none',
      'none',
    ]);
    expect(dashboard.recentlyWatched).toEqual([]);
    expect(dashboard.earned).toEqual([]);
    expect(dashboard.communityUrl).toBe('https://community.example.com');
  });

  it('shows a bought course to start at its first lesson', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    const course = (await getDashboard(learner)).course('energy-sovereignty');
    expect(course).toMatchObject({
      title: 'Energy Sovereignty',
      access: { accessType: 'paid', purchaseType: 'individual' },
      progress: 0,
      hasStarted: false,
      nextLesson: {
        moduleId: 'reclaiming-your-field',
        lessonId: 'what-energy-sovereignty-means',
      },
    });
  });

  it('shows progress, the next lesson and the achievements earned after a lesson', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    await completeFirstLesson(learner);
    const dashboard = await getDashboard(learner);
    expect(dashboard.course('energy-sovereignty')).toMatchObject({
      progress: 13,
      completedLessons: 1,
      hasStarted: true,
      nextLesson: { lessonId: 'noticing-your-leaks' },
    });
    expect(dashboard.earned).toEqual(['first-reflection', 'first-lesson']);
  });

  it("lists the learner's own recently watched lessons, not another learner's", async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    const other = await createEnrolledLearner(testApp.app, testApp.db);
    await testApp.as(learner).put('/api/learning/video-progress', {
      ...lesson,
      positionSeconds: 720,
      durationSeconds: 780,
    });
    expect((await getDashboard(learner)).recentlyWatched).toEqual([
      expect.objectContaining({
        courseTitle: 'Energy Sovereignty',
        lessonTitle: 'What Energy Sovereignty Means',
        percent: 92,
        watched: true,
      }),
    ]);
    expect((await getDashboard(other)).recentlyWatched).toEqual([]);
  });
});
