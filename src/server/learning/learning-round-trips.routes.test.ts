import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LessonPage, Reflection } from '../../shared/api/learning.ts';
import { enrollInCourses } from '../access/enrollments.ts';
import { courseEnrollments } from '../db/schema/access.ts';
import { sessions } from '../db/schema/auth.ts';
import { lessonReflections } from '../db/schema/learning.ts';
import { subscriptions } from '../db/schema/payments.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { countQueries, type QueryCounter } from '../testing/count-queries.ts';
import { createAdmin, createEnrolledLearner, createUser } from '../testing/users.ts';

let testApp: TestApp;
let queries: QueryCounter;
beforeAll(async () => {
  testApp = await buildTestApp();
  queries = countQueries(testApp.pool);
});
afterAll(() => testApp.close());
beforeEach(() => queries.reset());

const lesson = {
  courseId: 'energy-sovereignty',
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};
const lessonUrl = `/api/learning/courses/${lesson.courseId}/modules/${lesson.moduleId}/lessons/${lesson.lessonId}`;
const answer = 'I felt most sovereign walking alone by the sea, unhurried, choosing each step.';

const openLesson = (cookie: string) =>
  testApp.app.inject({ method: 'GET', url: lessonUrl, headers: { cookie } });

/** The autosave: what a learner's typing sends every second (an explicit Save also wakes the companion). */
const saveAnswer = (cookie: string, response = answer) =>
  testApp.app.inject({
    method: 'PUT',
    url: '/api/learning/reflections',
    headers: { cookie },
    payload: { ...lesson, promptId: 'most-sovereign-moment', response, action: 'autosave' },
  });

/** Statements sent while `call` runs: each is one round trip to the database. */
async function roundTripsOf(call: () => Promise<unknown>): Promise<number> {
  queries.reset();
  await call();
  return queries.statements.length;
}

describe('the lesson page', () => {
  it('takes one round trip for an enrolled learner, the session read included, and records the visit', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    await saveAnswer(learner.cookie);
    let response: Awaited<ReturnType<typeof openLesson>> | undefined;
    expect(await roundTripsOf(async () => (response = await openLesson(learner.cookie)))).toBe(1);
    expect(response!.statusCode).toBe(200);
    const page = response!.json<LessonPage>();
    expect(page.reflections).toEqual([
      expect.objectContaining({ promptId: 'most-sovereign-moment', response: answer }),
    ]);
    const [enrollment] = await testApp.db
      .select({ lastAccessedAt: courseEnrollments.lastAccessedAt })
      .from(courseEnrollments)
      .where(eq(courseEnrollments.userId, learner.id));
    expect(enrollment!.lastAccessedAt).not.toBeNull();
  });

  it('takes one round trip for an admin, who needs no enrollment', async () => {
    const admin = await createAdmin(testApp.app, testApp.db);
    expect(await roundTripsOf(() => openLesson(admin.cookie))).toBe(1);
    expect((await openLesson(admin.cookie)).statusCode).toBe(200);
  });

  it('still opens to a subscriber without an enrollment, and stays closed after expiry', async () => {
    const subscriber = await createUser(testApp.app);
    const now = new Date();
    await testApp.db.insert(subscriptions).values({
      id: `sub_${subscriber.id}`,
      userId: subscriber.id,
      customerId: 'cus_round_trips',
      status: 'active',
      productId: 'prod_complete_bundle',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      items: [
        { id: 'si_round_trips', productId: 'prod_complete_bundle', priceId: null, quantity: 1 },
      ],
      createdAt: now,
      eventCreatedAt: now,
    });
    expect((await openLesson(subscriber.cookie)).statusCode).toBe(200);
    expect((await saveAnswer(subscriber.cookie)).statusCode).toBe(200);

    const lapsed = await createUser(testApp.app);
    await enrollInCourses(testApp.db, {
      userId: lapsed.id,
      courseIds: [lesson.courseId],
      purchaseType: 'individual',
      source: 'purchase',
      expiresAt: new Date(now.getTime() - 1000),
    });
    const refused = await openLesson(lapsed.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('reflectionPrompts');
  });
});

describe('a reflection save', () => {
  it('takes one round trip for an enrolled learner whose session the app has read, and reads back', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    // The first save reads the session on its own: the ciphertext is bound to the learner's id.
    expect(await roundTripsOf(() => saveAnswer(learner.cookie, 'A first draft.'))).toBe(2);
    let response: Awaited<ReturnType<typeof saveAnswer>> | undefined;
    expect(await roundTripsOf(async () => (response = await saveAnswer(learner.cookie)))).toBe(1);
    expect(response!.statusCode).toBe(200);
    expect(response!.json<Reflection>()).toMatchObject({ response: answer, completed: false });
    const page = (await openLesson(learner.cookie)).json<LessonPage>();
    expect(page.reflections[0]!.response).toBe(answer);
  });

  it('takes one round trip for an admin whose session the app has read', async () => {
    const admin = await createAdmin(testApp.app, testApp.db);
    await openLesson(admin.cookie);
    expect(await roundTripsOf(() => saveAnswer(admin.cookie))).toBe(1);
  });

  it('writes nothing for a learner without access, and answers 403', async () => {
    const stranger = await createUser(testApp.app);
    await openLesson(stranger.cookie);
    const response = await saveAnswer(stranger.cookie);
    expect(response.statusCode).toBe(403);
    const rows = await testApp.db
      .select()
      .from(lessonReflections)
      .where(eq(lessonReflections.userId, stranger.id));
    expect(rows).toEqual([]);
  });

  it('writes nothing once the session is revoked, and answers 401', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    await openLesson(learner.cookie);
    await testApp.db.delete(sessions).where(eq(sessions.userId, learner.id));
    expect((await saveAnswer(learner.cookie)).statusCode).toBe(401);
    const rows = await testApp.db
      .select()
      .from(lessonReflections)
      .where(eq(lessonReflections.userId, learner.id));
    expect(rows).toEqual([]);
  });
});

describe('the purchases list', () => {
  it('takes one round trip, the session read included', async () => {
    const learner = await createUser(testApp.app);
    const read = () =>
      testApp.app.inject({
        method: 'GET',
        url: '/api/me/purchases',
        headers: { cookie: learner.cookie },
      });
    let response: Awaited<ReturnType<typeof read>> | undefined;
    expect(await roundTripsOf(async () => (response = await read()))).toBe(1);
    expect(response!.json()).toEqual({ purchases: [] });
  });
});
