import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  createAdmin,
  createEnrolledLearner,
  type TestAdmin,
  type TestUser,
} from '../testing/users.ts';
import { listAdminReads } from './admin-reads.ts';

let testApp: TestApp;
let admin: TestAdmin;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

const get = (url: string, user: TestUser) => testApp.as(user).get(url);

const lesson =
  'courseId=energy-sovereignty&moduleId=reclaiming-your-field&lessonId=what-energy-sovereignty-means';
const readsOf = (userId: string) =>
  [
    [
      `/api/companion/courses/energy-sovereignty/conversation?userId=${userId}`,
      'companion-conversation',
    ],
    [
      `/api/companion/courses/energy-sovereignty/patterns?userId=${userId}`,
      'companion-moods-and-patterns',
    ],
    [`/api/companion/settings?userId=${userId}`, 'companion-settings'],
    [`/api/learning/reflections?${lesson}&userId=${userId}`, 'reflections'],
  ] as const;

describe("an admin's read of a learner's private text through ?userId=", () => {
  it('is recorded for each path, and the learner finds it in their export', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    for (const [url, subject] of readsOf(learner.id)) {
      const response = await get(url, admin);
      expect(response.statusCode, url).toBe(200);
      expect((await listAdminReads(testApp.db, learner.id))[0], url).toEqual({
        readerEmail: admin.email,
        subject,
        readAt: expect.any(String),
      });
    }
    const data = (await get('/api/account/export', learner)).json();
    expect(data.adminReads.map((read: { subject: string }) => read.subject).sort()).toEqual(
      readsOf(learner.id)
        .map(([, subject]) => subject)
        .sort(),
    );
  });

  it('is not recorded when learners read their own, and another learner gets 403', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    const other = await createEnrolledLearner(testApp.app, testApp.db);
    for (const [url] of readsOf(learner.id)) {
      expect((await get(url, learner)).statusCode, url).toBe(200);
      expect((await get(url, other)).statusCode, url).toBe(403);
    }
    expect(await listAdminReads(testApp.db, learner.id)).toEqual([]);
  });
});
