import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '../../shared/api/admin.ts';
import type { CourseDocument } from '../../shared/api/content.ts';
import type { Dashboard } from '../../shared/api/dashboard.ts';
import type { LessonPage } from '../../shared/api/learning.ts';
import { enrollInCourses } from '../access/enrollments.ts';
import { insertPublishedVersion } from '../content/course-drafts.ts';
import { readPublishedDocuments, SEED_ACTOR } from '../content/published-content.ts';
import { courseEnrollments } from '../db/schema/access.ts';
import { lessonCompletions } from '../db/schema/learning.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createAdmin, createUser, type TestAdmin, type TestUser } from '../testing/users.ts';

let testApp: TestApp;
let admin: TestAdmin;
const courseId = 'paced-sovereignty';
const DAY_MS = 86_400_000;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
  // A copy of Energy Sovereignty whose second module opens 7 days after the start and third on a date.
  const documents = await readPublishedDocuments(testApp.db);
  const source = documents!.courses.find((course) => course.id === 'energy-sovereignty')!;
  const [first, second, third] = source.modules;
  const paced: CourseDocument = {
    ...source,
    id: courseId,
    title: 'Paced Sovereignty',
    modules: [first!, { ...second!, opensAfterDays: 7 }, { ...third!, opensOn: '2099-06-01' }],
  };
  await insertPublishedVersion(testApp.db, SEED_ACTOR, paced);
  await testApp.app.catalogue.reload();
});
afterAll(() => testApp.close());

const lessonUrl = (moduleId: string, lessonId: string) =>
  `/api/learning/courses/${courseId}/modules/${moduleId}/lessons/${lessonId}`;
const opening = { moduleId: 'boundaries-as-devotion', lessonId: 'clearing-what-is-not-yours' };
const preview = { moduleId: 'boundaries-as-devotion', lessonId: 'the-sacred-no' };
const firstLesson = () => {
  const module = testApp.app.catalogue.getCourse(courseId)!.modules[0]!;
  return { moduleId: module.id, lessonId: module.lessons[0]!.id };
};

/** A learner who started the course `daysAgo` days ago: the clock moved on that far. */
async function learnerStarted(daysAgo: number): Promise<TestUser> {
  const learner = await createUser(testApp.app);
  await enrollInCourses(testApp.db, {
    userId: learner.id,
    courseIds: [courseId],
    purchaseType: 'individual',
    source: 'purchase',
  });
  await testApp.db
    .update(courseEnrollments)
    .set({
      enrolledAt: new Date(Date.now() - daysAgo * DAY_MS),
      startedAt: new Date(Date.now() - daysAgo * DAY_MS),
    })
    .where(and(eq(courseEnrollments.userId, learner.id), eq(courseEnrollments.courseId, courseId)));
  return learner;
}

describe('a paced module for a learner', () => {
  it('refuses a lesson of a module not open yet with 403 naming the day it opens', async () => {
    const learner = await learnerStarted(0);
    const response = await testApp.as(learner).get(lessonUrl(opening.moduleId, opening.lessonId));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toMatch(
      /^Boundaries as Devotion opens on \w{3} \d+, \d{4}\.$/i,
    );
  });

  it('shows the outline with the locked modules and when each opens; preview lessons stay open', async () => {
    const learner = await learnerStarted(1);
    const { moduleId, lessonId } = firstLesson();
    const page = (await testApp.as(learner).get(lessonUrl(moduleId, lessonId))).json<LessonPage>();
    expect(page.lockedModules.map((entry) => entry.moduleId)).toEqual([
      'boundaries-as-devotion',
      'living-sovereign',
    ]);
    expect(page.lockedModules[1]!.opensOn).toBe('2099-06-01');
    const open = await testApp.as(learner).get(lessonUrl(preview.moduleId, preview.lessonId));
    expect(open.statusCode).toBe(200);
  });

  it('opens the module once the days have passed (the clock moved 7 days)', async () => {
    const learner = await learnerStarted(7);
    const response = await testApp.as(learner).get(lessonUrl(opening.moduleId, opening.lessonId));
    expect(response.statusCode).toBe(200);
    expect(response.json<LessonPage>().lockedModules.map((entry) => entry.moduleId)).toEqual([
      'living-sovereign',
    ]);
  });

  it('refuses a reflection save and a completion of a locked lesson with 403', async () => {
    const learner = await learnerStarted(0);
    const lesson = testApp.app.catalogue
      .getCourse(courseId)!
      .modules[1]!.lessons.find((entry) => entry.id === opening.lessonId)!;
    const saved = await testApp.as(learner).put('/api/learning/reflections', {
      courseId,
      ...opening,
      promptId: lesson.reflectionPrompts[0]!.id,
      response: 'Written before the module opened.',
    });
    expect(saved.statusCode).toBe(403);
    expect(saved.json().error.message).toMatch(/opens on/);
    const completed = await testApp
      .as(learner)
      .post('/api/learning/lesson-completions', { courseId, ...opening });
    expect(completed.statusCode).toBe(403);
  });

  it('lets an admin see every module', async () => {
    const response = await testApp.as(admin).get(lessonUrl(opening.moduleId, opening.lessonId));
    expect(response.statusCode).toBe(200);
  });

  it('the dashboard shows the locked modules and never names a locked lesson as next', async () => {
    const learner = await learnerStarted(0);
    const dashboard = (await testApp.as(learner).get('/api/dashboard')).json<Dashboard>();
    const course = dashboard.courses.find((entry) => entry.id === courseId)!;
    expect(course.lockedModules.map((entry) => entry.title)).toEqual([
      'Boundaries as Devotion',
      'Living Sovereign',
    ]);
    expect(course.nextLesson.moduleId).toBe('reclaiming-your-field');
  });

  it('counts progress over the whole course: every open lesson done is not 100 % nor completed', async () => {
    const learner = await learnerStarted(0);
    const course = testApp.app.catalogue.getCourse(courseId)!;
    const open = course.modules[0]!;
    await testApp.db.insert(lessonCompletions).values(
      open.lessons.map((lesson) => ({
        userId: learner.id,
        courseId,
        moduleId: open.id,
        lessonId: lesson.id,
      })),
    );
    const dashboard = (await testApp.as(learner).get('/api/dashboard')).json<Dashboard>();
    const card = dashboard.courses.find((entry) => entry.id === courseId)!;
    expect(card.completedLessons).toBe(open.lessons.length);
    expect(card.progress).toBe(Math.round((100 * open.lessons.length) / course.lessonCount));
    expect(card.progress).toBeLessThan(100);
    expect(card.lockedModules.map((entry) => entry.opensOn)).toHaveLength(2);
  });
});

describe('the first start is kept across renewals and upgrades', () => {
  const enrollmentOf = async (userId: string) =>
    (
      await testApp.db
        .select()
        .from(courseEnrollments)
        .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, courseId)))
    )[0]!;

  it('a renewal 40 days after the start leaves the module that opened on day 7 open', async () => {
    const learner = await learnerStarted(40);
    const started = (await enrollmentOf(learner.id)).startedAt;
    await testApp.db
      .update(courseEnrollments)
      .set({ expiresAt: new Date(Date.now() - DAY_MS) })
      .where(eq(courseEnrollments.userId, learner.id));
    await enrollInCourses(testApp.db, {
      userId: learner.id,
      courseIds: [courseId],
      purchaseType: 'individual',
      source: 'purchase',
    });
    const renewed = await enrollmentOf(learner.id);
    expect(renewed.enrolledAt.getTime()).toBeGreaterThan(Date.now() - DAY_MS);
    expect(renewed.startedAt).toEqual(started);
    const lesson = await testApp.as(learner).get(lessonUrl(opening.moduleId, opening.lessonId));
    expect(lesson.statusCode).toBe(200);
  });

  it('an upgrade from beta 40 days after the start keeps the first start', async () => {
    const learner = await createUser(testApp.app);
    await enrollInCourses(testApp.db, {
      userId: learner.id,
      courseIds: [courseId],
      purchaseType: 'beta',
      source: 'beta',
      now: new Date(Date.now() - 40 * DAY_MS),
    });
    const started = (await enrollmentOf(learner.id)).startedAt;
    expect(started.getTime()).toBeLessThan(Date.now() - 39 * DAY_MS);
    await enrollInCourses(testApp.db, {
      userId: learner.id,
      courseIds: [courseId],
      purchaseType: 'individual',
      source: 'purchase',
    });
    expect((await enrollmentOf(learner.id)).startedAt).toEqual(started);
    const lesson = await testApp.as(learner).get(lessonUrl(opening.moduleId, opening.lessonId));
    expect(lesson.statusCode).toBe(200);
  });
});

describe('POST /api/admin/users/:userId/module-openings', () => {
  const url = (userId: string) => `/api/admin/users/${userId}/module-openings`;

  it('opens a module early for one learner, audited, and the learner opens its lesson', async () => {
    const learner = await learnerStarted(0);
    const other = await learnerStarted(0);
    const response = await testApp
      .as(admin)
      .post(url(learner.id), { courseId, moduleId: opening.moduleId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ opened: true });
    const lesson = await testApp.as(learner).get(lessonUrl(opening.moduleId, opening.lessonId));
    expect(lesson.statusCode).toBe(200);
    const stillLocked = await testApp.as(other).get(lessonUrl(opening.moduleId, opening.lessonId));
    expect(stillLocked.statusCode).toBe(403);

    const detail = (
      await testApp.as(admin).get(`/api/admin/users/${learner.id}`)
    ).json<AdminUserDetail>();
    expect(detail.accessEvents[0]).toMatchObject({
      courseId,
      action: 'open-module',
      source: 'admin',
      reference: opening.moduleId,
      actorEmail: admin.email,
    });
    expect(detail.pacedModules.find((entry) => entry.moduleId === opening.moduleId)).toMatchObject({
      isOpen: true,
    });
    const again = await testApp
      .as(admin)
      .post(url(learner.id), { courseId, moduleId: opening.moduleId });
    expect(again.statusCode).toBe(409);
  });

  it('answers 400 naming the field for a module the course does not have, or an id too long', async () => {
    const learner = await learnerStarted(0);
    const unknown = await testApp
      .as(admin)
      .post(url(learner.id), { courseId, moduleId: 'no-such-module' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/moduleId/);
    const tooLong = await testApp
      .as(admin)
      .post(url(learner.id), { courseId, moduleId: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toMatch(/moduleId/);
  });

  it('answers 401 without a session and 403 to a learner', async () => {
    const learner = await learnerStarted(0);
    const body = { courseId, moduleId: opening.moduleId };
    expect((await testApp.as(undefined).post(url(learner.id), body)).statusCode).toBe(401);
    expect((await testApp.as(learner).post(url(learner.id), body)).statusCode).toBe(403);
  });
});

describe('DELETE /api/admin/users/:userId/module-openings', () => {
  const url = (userId: string) => `/api/admin/users/${userId}/module-openings`;
  const body = { courseId, moduleId: opening.moduleId };

  it('withdraws an early opening, audited; the module locks again and completed lessons stay completed', async () => {
    const learner = await learnerStarted(0);
    expect((await testApp.as(admin).post(url(learner.id), body)).statusCode).toBe(200);
    await testApp.db.insert(lessonCompletions).values({ userId: learner.id, courseId, ...opening });
    const response = await testApp.as(admin).delete(url(learner.id), body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ withdrawn: true });
    const lesson = await testApp.as(learner).get(lessonUrl(opening.moduleId, opening.lessonId));
    expect(lesson.statusCode).toBe(403);
    const dashboard = (await testApp.as(learner).get('/api/dashboard')).json<Dashboard>();
    expect(dashboard.courses.find((entry) => entry.id === courseId)!.completedLessons).toBe(1);
    const detail = (
      await testApp.as(admin).get(`/api/admin/users/${learner.id}`)
    ).json<AdminUserDetail>();
    expect(detail.accessEvents[0]).toMatchObject({
      action: 'withdraw-opening',
      source: 'admin',
      reference: opening.moduleId,
      actorEmail: admin.email,
    });
    expect(detail.pacedModules.find((entry) => entry.moduleId === opening.moduleId)).toMatchObject({
      isOpen: false,
      openedEarlyAt: null,
    });
    expect((await testApp.as(admin).delete(url(learner.id), body)).statusCode).toBe(409);
  });

  it('answers 409 with nothing to withdraw, 400 naming the field, 404 for no such learner', async () => {
    const learner = await learnerStarted(0);
    const nothing = await testApp.as(admin).delete(url(learner.id), body);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.message).toMatch(/nothing to withdraw/);
    const unknown = await testApp
      .as(admin)
      .delete(url(learner.id), { courseId, moduleId: 'no-such-module' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/moduleId/);
    const tooLong = await testApp
      .as(admin)
      .delete(url(learner.id), { courseId, moduleId: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect((await testApp.as(admin).delete(url('no-such-account'), body)).statusCode).toBe(404);
  });

  it('answers 401 without a session and 403 to a learner', async () => {
    const learner = await learnerStarted(0);
    expect((await testApp.as(undefined).delete(url(learner.id), body)).statusCode).toBe(401);
    expect((await testApp.as(learner).delete(url(learner.id), body)).statusCode).toBe(403);
  });
});

describe('the mail when a module opens', () => {
  const mails = (email: string) =>
    testApp.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, email),
          eq(mailOutbox.subject, 'Boundaries as Devotion is open in Paced Sovereignty'),
        ),
      );

  it('sends one mail at the opening time, through the clock, whichever ticks', async () => {
    const learner = await learnerStarted(0);
    const email = learner.email.toLowerCase();
    const [enrollment] = await testApp.db
      .select()
      .from(courseEnrollments)
      .where(eq(courseEnrollments.userId, learner.id));
    const opensAt = enrollment!.enrolledAt.getTime() + 7 * DAY_MS;
    await testApp.app.clock.tick(new Date(opensAt - 60_000));
    expect(await mails(email)).toHaveLength(0);
    await testApp.app.clock.tick(new Date(opensAt + 60_000));
    await testApp.app.clock.tick(new Date(opensAt + 120_000));
    const sent = await mails(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`/courses/${courseId}/modules/boundaries-as-devotion/lessons/`);
  });

  it('mails an opening found late once, and several together in one mail', async () => {
    const late = await learnerStarted(40);
    await testApp.app.clock.tick(new Date(Date.now() + 60_000));
    await testApp.app.clock.tick(new Date(Date.now() + 120_000));
    expect(await mails(late.email.toLowerCase())).toHaveLength(1);

    const both = await learnerStarted(40);
    const opened = await testApp.as(admin).post(`/api/admin/users/${both.id}/module-openings`, {
      courseId,
      moduleId: 'living-sovereign',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await testApp.app.clock.tick(new Date(Date.now() + 60_000));
    await testApp.app.clock.tick(new Date(Date.now() + 120_000));
    const sent = await testApp.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, both.email.toLowerCase()));
    const openings = sent.filter((mail) => mail.subject.endsWith('open in Paced Sovereignty'));
    expect(openings.map((mail) => mail.subject)).toEqual([
      '2 modules are open in Paced Sovereignty',
    ]);
    expect(openings[0]!.text).toContain('Boundaries as Devotion');
    expect(openings[0]!.text).toContain('Living Sovereign');
  });

  it('sends none to a learner who turned Course Updates off', async () => {
    const learner = await learnerStarted(0);
    const off = await testApp
      .as(learner)
      .patch('/api/account/settings', { notificationPreferences: { course_updates: false } });
    expect(off.statusCode, off.body).toBe(200);
    const [enrollment] = await testApp.db
      .select()
      .from(courseEnrollments)
      .where(eq(courseEnrollments.userId, learner.id));
    await testApp.app.clock.tick(new Date(enrollment!.enrolledAt.getTime() + 7 * DAY_MS + 60_000));
    expect(await mails(learner.email.toLowerCase())).toHaveLength(0);
  });
});

describe('pacing in the course editor', () => {
  const base = '/api/admin/content/courses';

  it('saves a module that opens days after the start, and refuses bad pacing with 400 naming it', async () => {
    const read = (await testApp.as(admin).get(`${base}/energy-sovereignty`)).json<{
      draft: CourseDocument;
      version: number;
    }>();
    const withPacing = (pacing: Record<string, unknown>) => ({
      ...read.draft,
      modules: read.draft.modules.map((module, index) =>
        index === 1 ? { ...module, ...pacing } : module,
      ),
    });
    const zero = await testApp.as(admin).put(`${base}/energy-sovereignty`, {
      version: read.version,
      draft: withPacing({ opensAfterDays: 0 }),
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toBe(
      "draft.modules.1.opensAfterDays: the days after the learner's start must be a whole number from 1 to 730",
    );
    const both = await testApp.as(admin).put(`${base}/energy-sovereignty`, {
      version: read.version,
      draft: withPacing({ opensAfterDays: 3, opensOn: '2030-01-01' }),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toMatch(/not both/);
    const badDate = await testApp.as(admin).put(`${base}/energy-sovereignty`, {
      version: read.version,
      draft: withPacing({ opensOn: '2030-13-01' }),
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.message).toMatch(
      /opensOn: expected the opening date as YYYY-MM-DD/,
    );
    const saved = await testApp.as(admin).put(`${base}/energy-sovereignty`, {
      version: read.version,
      draft: withPacing({ opensAfterDays: 7 }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draft.modules[1].opensAfterDays).toBe(7);
  });
});
