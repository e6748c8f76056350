import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDocument, CourseDraft } from '../../shared/api/content.ts';
import {
  lessonPageSchema,
  type LessonCompletion,
  type LessonPage,
  type Reflection,
} from '../../shared/api/learning.ts';
import { reflectionMessages } from '../../shared/rules/reflection.ts';
import { enrollInCourses } from '../access/enrollments.ts';
import { courseEnrollments } from '../db/schema/access.ts';
import { lessonReflections } from '../db/schema/learning.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createAdmin, createUser, type TestUser } from '../testing/users.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const course = 'energy-sovereignty';
const firstLesson = {
  courseId: course,
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};
const prompts = ['most-sovereign-moment', 'what-is-asking-to-change'];
const lessonUrl = ({ courseId, moduleId, lessonId }: typeof firstLesson) =>
  `/api/learning/courses/${courseId}/modules/${moduleId}/lessons/${lessonId}`;
const longText =
  'I felt most sovereign walking alone by the sea, unhurried, choosing each step. '.repeat(2);

async function learnerWithAccess(
  expiresAt?: Date,
  courseIds: string[] = [course],
): Promise<TestUser> {
  const learner = await createUser(testApp.app);
  await enrollInCourses(testApp.db, {
    userId: learner.id,
    courseIds,
    purchaseType: 'individual',
    source: 'purchase',
    ...(expiresAt ? { expiresAt } : {}),
  });
  return learner;
}

const getLesson = (cookie: string | undefined, lesson = firstLesson) =>
  testApp.app.inject({
    method: 'GET',
    url: lessonUrl(lesson),
    headers: cookie ? { cookie } : {},
  });

const saveReflection = (cookie: string | undefined, body: Record<string, unknown>) =>
  testApp.app.inject({
    method: 'PUT',
    url: '/api/learning/reflections',
    headers: cookie ? { cookie } : {},
    payload: { ...firstLesson, promptId: prompts[0], response: longText, ...body },
  });

const readReflections = (cookie: string, query: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/learning/reflections?${new URLSearchParams({ ...firstLesson, ...query }).toString()}`,
    headers: { cookie },
  });

const completeLesson = (cookie: string | undefined, lesson = firstLesson) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/learning/lesson-completions',
    headers: cookie ? { cookie } : {},
    payload: lesson,
  });

describe('GET the lesson page', () => {
  it('answers 401 without a session', async () => {
    expect((await getLesson(undefined)).statusCode).toBe(401);
  });

  it('answers 404 "Lesson Not Found" for a missing course, module or lesson', async () => {
    const learner = await learnerWithAccess();
    for (const change of [
      { courseId: 'no-such-course' },
      { moduleId: 'no-such-module' },
      { lessonId: 'no-such-lesson' },
      { moduleId: 'boundaries-as-devotion' },
    ]) {
      const response = await getLesson(learner.cookie, { ...firstLesson, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(404);
      expect(response.json().error.message).toBe('Lesson Not Found');
    }
  });

  it('answers 403 "Course Access Required" without access, sending no lesson content', async () => {
    const learner = await createUser(testApp.app);
    const response = await getLesson(learner.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'forbidden', message: 'Course Access Required' },
    });
  });

  it('answers 403 once the enrollment has expired', async () => {
    const learner = await learnerWithAccess(new Date(Date.now() - 1000));
    expect((await getLesson(learner.cookie)).statusCode).toBe(403);
  });

  it('gives a learner with access the outline, lesson, prompts and progress, and records the visit', async () => {
    const learner = await learnerWithAccess();
    const response = await getLesson(learner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = response.json<LessonPage>();
    // Serialised in parts, it still says exactly what the contract does.
    expect(page).toStrictEqual(lessonPageSchema.parse(page));
    expect(page.course).toMatchObject({ id: course, title: 'Energy Sovereignty' });
    expect(page.course.modules.flatMap((module) => module.lessons)).toHaveLength(8);
    expect(page.module.title).toBe('Reclaiming Your Field');
    expect(page.lesson.content).toContain('## Sovereignty is not control');
    expect(page.lesson.reflectionPrompts.map((prompt) => prompt.id)).toEqual(prompts);
    expect(page.video).toMatchObject({ id: '824804225', source: 'generated', thumbnail: null });
    expect(page.video?.embedUrl).toContain('color=6366f1');
    expect(page).toMatchObject({
      reflections: [],
      completedLessonIds: [],
      videoProgress: null,
      progress: 0,
    });
    const [enrollment] = await testApp.db
      .select()
      .from(courseEnrollments)
      .where(eq(courseEnrollments.userId, learner.id));
    expect(enrollment?.lastAccessedAt).toBeInstanceOf(Date);
  });

  it('records a visit to the minute: opened again within it, the lesson writes nothing', async () => {
    const learner = await learnerWithAccess();
    const lastVisit = async () => {
      const [enrollment] = await testApp.db
        .select({ lastAccessedAt: courseEnrollments.lastAccessedAt })
        .from(courseEnrollments)
        .where(eq(courseEnrollments.userId, learner.id));
      return enrollment!.lastAccessedAt!;
    };
    await getLesson(learner.cookie);
    const firstVisit = await lastVisit();
    await getLesson(learner.cookie);
    expect(await lastVisit()).toEqual(firstVisit);

    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    await testApp.db
      .update(courseEnrollments)
      .set({ lastAccessedAt: twoMinutesAgo })
      .where(eq(courseEnrollments.userId, learner.id));
    await getLesson(learner.cookie);
    expect((await lastVisit()).getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
  });

  it('opens every lesson to an admin', async () => {
    const admin = await createAdmin(testApp.app, testApp.db);
    expect((await getLesson(admin.cookie)).statusCode).toBe(200);
  });
});

describe('reflections', () => {
  it('saves, reads back and overwrites one reflection per prompt', async () => {
    const learner = await learnerWithAccess();
    const first = await saveReflection(learner.cookie, { response: 'A first thought.' });
    expect(first.statusCode).toBe(200);
    expect(first.json<Reflection>()).toMatchObject({
      promptId: prompts[0],
      response: 'A first thought.',
      completed: false,
    });
    await saveReflection(learner.cookie, { response: 'A second thought.' });
    const page = (await getLesson(learner.cookie)).json<LessonPage>();
    expect(page.reflections).toEqual([
      expect.objectContaining({ promptId: prompts[0], response: 'A second thought.' }),
    ]);
    const read = await readReflections(learner.cookie);
    expect(read.json<{ reflections: Reflection[] }>().reflections).toHaveLength(1);
  });

  it('stores the text encrypted, with the spec fields beside it', async () => {
    const learner = await learnerWithAccess();
    const secret = 'My most private words about my mother and the sea.';
    await saveReflection(learner.cookie, { response: secret });
    const [row] = await testApp.db
      .select()
      .from(lessonReflections)
      .where(eq(lessonReflections.userId, learner.id));
    expect(row).toMatchObject({
      moduleName: 'Reclaiming Your Field',
      lessonName: 'What Energy Sovereignty Means',
      question: expect.stringContaining('most sovereign'),
    });
    expect(row!.response).toMatch(/^v2\./);
    expect(row!.response).not.toContain('mother');
    const dump = await testApp.pool.query('select * from lesson_reflections where user_id = $1', [
      learner.id,
    ]);
    expect(JSON.stringify(dump.rows)).not.toContain('mother');
  });

  it('keeps an autosave as a draft, however long', async () => {
    const learner = await learnerWithAccess();
    const draft = await saveReflection(learner.cookie, { action: 'autosave' });
    expect(draft.json<Reflection>()).toMatchObject({ response: longText, completed: false });
  });

  it('completes on a Save of 100 characters and never undoes it', async () => {
    const learner = await learnerWithAccess();
    const short = 'x'.repeat(99);
    expect((await saveReflection(learner.cookie, { response: short })).json().completed).toBe(
      false,
    );
    expect((await saveReflection(learner.cookie, { response: `${short}y` })).json().completed).toBe(
      true,
    );
    expect(
      (await saveReflection(learner.cookie, { response: 'short again' })).json(),
    ).toMatchObject({ completed: true, response: 'short again' });
  });

  it('completes on Submit, which needs 100 characters', async () => {
    const learner = await learnerWithAccess();
    const tooShort = await saveReflection(learner.cookie, {
      response: 'Too short.',
      action: 'submit',
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.fields.response).toBe(
      'A reflection needs at least 100 characters before it can be submitted.',
    );
    const submitted = await saveReflection(learner.cookie, { action: 'submit' });
    expect(submitted.json<Reflection>().completed).toBe(true);
  });

  it('refuses blank text and text over 10,000 characters with 400 and a clear message', async () => {
    const learner = await learnerWithAccess();
    const blank = await saveReflection(learner.cookie, { response: '   ', action: 'submit' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.response).toBe(
      'Please enter your reflection before submitting.',
    );
    const tooLong = await saveReflection(learner.cookie, { response: 'a'.repeat(10_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.response).toBe(
      'A reflection can be at most 10,000 characters.',
    );
    const atLimit = await saveReflection(learner.cookie, { response: 'a'.repeat(10_000) });
    expect(atLimit.statusCode).toBe(200);
    const missingPrompt = await saveReflection(learner.cookie, { promptId: undefined });
    expect(missingPrompt.statusCode).toBe(400);
    const unknownAction = await saveReflection(learner.cookie, { action: 'publish' });
    expect(unknownAction.statusCode).toBe(400);
  });

  it('answers 404 for a prompt the lesson does not have', async () => {
    const learner = await learnerWithAccess();
    const response = await saveReflection(learner.cookie, { promptId: 'not-a-prompt' });
    expect(response.statusCode).toBe(404);
  });

  it('answers 401 without a session and 403 without course access', async () => {
    expect((await saveReflection(undefined, {})).statusCode).toBe(401);
    const stranger = await createUser(testApp.app);
    expect((await saveReflection(stranger.cookie, {})).statusCode).toBe(403);
    const expired = await learnerWithAccess(new Date(Date.now() - 1000));
    expect((await saveReflection(expired.cookie, {})).statusCode).toBe(403);
  });

  it("keeps each learner's reflections their own; an admin may read them", async () => {
    const owner = await learnerWithAccess();
    const other = await learnerWithAccess();
    await saveReflection(owner.cookie, { response: 'Only mine.' });
    await saveReflection(other.cookie, { response: 'Mine, not theirs.' });

    const ownerPage = (await getLesson(owner.cookie)).json<LessonPage>();
    expect(ownerPage.reflections.map((reflection) => reflection.response)).toEqual(['Only mine.']);

    const prying = await readReflections(other.cookie, { userId: owner.id });
    expect(prying.statusCode).toBe(403);

    const admin = await createAdmin(testApp.app, testApp.db);
    const adminRead = await readReflections(admin.cookie, { userId: owner.id });
    expect(adminRead.statusCode).toBe(200);
    expect(adminRead.json<{ reflections: Reflection[] }>().reflections).toEqual([
      expect.objectContaining({ response: 'Only mine.' }),
    ]);
  });
});

describe('reflections written on a version (offline outbox, two devices)', () => {
  const crisisText =
    'I want to kill myself. I have felt like this for weeks and I do not know what to do.';

  it('saves a text written on the version the server holds, and answers the new version', async () => {
    const learner = await learnerWithAccess();
    const first = await saveReflection(learner.cookie, {
      response: 'On the phone.',
      basedOn: null,
    });
    expect(first.statusCode).toBe(200);
    const { updatedAt } = first.json<Reflection>();
    const second = await saveReflection(learner.cookie, {
      response: 'On the phone, later.',
      basedOn: updatedAt,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<Reflection>().updatedAt).not.toBe(updatedAt);
  });

  it('answers 409 with the text and version it holds when another device saved in between, and keeps them', async () => {
    const learner = await learnerWithAccess();
    const phone = await saveReflection(learner.cookie, {
      response: 'Written on the phone.',
      action: 'autosave',
      basedOn: null,
    });
    const held = phone.json<Reflection>();

    const laptop = await saveReflection(learner.cookie, {
      response: 'Written on the laptop, offline.',
      basedOn: null,
    });
    expect(laptop.statusCode).toBe(409);
    expect(laptop.json()).toEqual({
      error: {
        code: 'version_conflict',
        message: reflectionMessages.changedElsewhere,
        current: {
          promptId: prompts[0],
          response: 'Written on the phone.',
          completed: false,
          updatedAt: held.updatedAt,
          saveId: null,
        },
      },
    });
    const stale = await saveReflection(learner.cookie, {
      response: 'Written on the laptop, on an old version.',
      basedOn: new Date(Date.parse(held.updatedAt) - 60_000).toISOString(),
    });
    expect(stale.statusCode).toBe(409);

    const read = await readReflections(learner.cookie);
    expect(read.json<{ reflections: Reflection[] }>().reflections).toEqual([
      expect.objectContaining({ response: 'Written on the phone.', updatedAt: held.updatedAt }),
    ]);
  });

  it('stores a save sent twice once, answering both sends alike, and refuses an old save sent late', async () => {
    const learner = await learnerWithAccess();
    const save = { response: longText, basedOn: null, saveId: crypto.randomUUID() };
    const first = await saveReflection(learner.cookie, save);
    const again = await saveReflection(learner.cookie, save);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const rows = await testApp.db
      .select()
      .from(lessonReflections)
      .where(eq(lessonReflections.userId, learner.id));
    expect(rows).toHaveLength(1);

    const next = await saveReflection(learner.cookie, {
      response: 'A later text.',
      basedOn: first.json<Reflection>().updatedAt,
      saveId: crypto.randomUUID(),
    });
    expect(next.statusCode).toBe(200);
    const late = await saveReflection(learner.cookie, save);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.current.response).toBe('A later text.');
  });

  it('names in a 409 the save id that stored the text it holds, so its own browser knows it', async () => {
    const learner = await learnerWithAccess();
    const laptop = {
      response: 'Saved on this laptop.',
      basedOn: null,
      saveId: crypto.randomUUID(),
    };
    const first = await saveReflection(learner.cookie, laptop);
    expect(first.statusCode).toBe(200);

    // The laptop's cached lesson predates its own save: its next text is written on no version.
    const stale = await saveReflection(learner.cookie, {
      response: 'Written offline on the cached lesson.',
      basedOn: null,
      saveId: crypto.randomUUID(),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: {
        code: 'version_conflict',
        message: reflectionMessages.changedElsewhere,
        current: {
          promptId: prompts[0],
          response: 'Saved on this laptop.',
          completed: false,
          updatedAt: first.json<Reflection>().updatedAt,
          saveId: laptop.saveId,
        },
      },
    });
  });

  it('stores two sends of one save made at once a single time', async () => {
    const learner = await learnerWithAccess();
    const save = { response: 'Sent twice at once.', basedOn: null, saveId: crypto.randomUUID() };
    const answers = await Promise.all([
      saveReflection(learner.cookie, save),
      saveReflection(learner.cookie, save),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json<Reflection>().updatedAt).toBe(answers[1]!.json<Reflection>().updatedAt);
    const rows = await testApp.db
      .select()
      .from(lessonReflections)
      .where(eq(lessonReflections.userId, learner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.saveId).toBe(save.saveId);
  });

  it('still judges the words of a checked save, and answers a repeat with the help again', async () => {
    const learner = await learnerWithAccess();
    const save = { response: crisisText, basedOn: null, saveId: crypto.randomUUID() };
    const first = await saveReflection(learner.cookie, save);
    expect(first.json()).toMatchObject({ isAtRisk: true, concern: 'suicide-self-harm' });
    const again = await saveReflection(learner.cookie, save);
    expect(again.json()).toMatchObject({ isAtRisk: true, concern: 'suicide-self-harm' });
  });

  it('refuses a version or save id that is not one with 400 and a clear message', async () => {
    const learner = await learnerWithAccess();
    const badVersion = await saveReflection(learner.cookie, { basedOn: 'yesterday' });
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json().error.fields.basedOn).toBe(
      'basedOn must be the updatedAt of the saved reflection, or null',
    );
    expect((await saveReflection(learner.cookie, { basedOn: 'x'.repeat(41) })).statusCode).toBe(
      400,
    );
    const badId = await saveReflection(learner.cookie, { saveId: 'not-an-id' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields.saveId).toBe('saveId must be a save id');
  });

  it("answers 401 without a session, 403 without access, and never another learner's text", async () => {
    const checked = { basedOn: null, saveId: crypto.randomUUID() };
    expect((await saveReflection(undefined, checked)).statusCode).toBe(401);
    const stranger = await createUser(testApp.app);
    expect((await saveReflection(stranger.cookie, checked)).statusCode).toBe(403);

    const owner = await learnerWithAccess();
    await saveReflection(owner.cookie, { response: 'Only mine.', basedOn: null });
    const other = await learnerWithAccess();
    const theirs = await saveReflection(other.cookie, { response: 'Mine.', ...checked });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<Reflection>().response).toBe('Mine.');
  });
});

describe('lesson completion', () => {
  it('refuses while a reflection is open, with the spec message', async () => {
    const learner = await learnerWithAccess();
    await saveReflection(learner.cookie, { promptId: prompts[0] });
    const response = await completeLesson(learner.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'Please complete all reflections before marking the lesson as complete.',
    );
  });

  it('completes the lesson and sets the enrollment progress from completed lessons', async () => {
    const learner = await learnerWithAccess();
    for (const promptId of prompts) await saveReflection(learner.cookie, { promptId });
    const response = await completeLesson(learner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<LessonCompletion>()).toEqual({
      completedLessonIds: [firstLesson.lessonId],
      progress: 13,
    });
    expect((await completeLesson(learner.cookie)).json<LessonCompletion>().progress).toBe(13);
    const [enrollment] = await testApp.db
      .select()
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, learner.id), eq(courseEnrollments.courseId, course)));
    expect(enrollment).toMatchObject({ progress: 13, completed: false });
    const page = (await getLesson(learner.cookie)).json<LessonPage>();
    expect(page).toMatchObject({ completedLessonIds: [firstLesson.lessonId], progress: 13 });
  });

  it('reaches 100 and completes the enrollment when every lesson is done', async () => {
    const learner = await learnerWithAccess();
    const outline = (await getLesson(learner.cookie)).json<LessonPage>().course;
    let last: LessonCompletion | undefined;
    for (const module of outline.modules) {
      for (const lesson of module.lessons) {
        const target = { courseId: course, moduleId: module.id, lessonId: lesson.id };
        const page = (await getLesson(learner.cookie, target)).json<LessonPage>();
        for (const prompt of page.lesson.reflectionPrompts) {
          await saveReflection(learner.cookie, { ...target, promptId: prompt.id });
        }
        last = (await completeLesson(learner.cookie, target)).json<LessonCompletion>();
      }
    }
    expect(last?.progress).toBe(100);
    const [enrollment] = await testApp.db
      .select()
      .from(courseEnrollments)
      .where(eq(courseEnrollments.userId, learner.id));
    expect(enrollment).toMatchObject({ progress: 100, completed: true });
  });

  it('answers 401 without a session, 403 without access and 404 for a missing lesson', async () => {
    expect((await completeLesson(undefined)).statusCode).toBe(401);
    const stranger = await createUser(testApp.app);
    expect((await completeLesson(stranger.cookie)).statusCode).toBe(403);
    const learner = await learnerWithAccess();
    expect(
      (await completeLesson(learner.cookie, { ...firstLesson, lessonId: 'nope' })).statusCode,
    ).toBe(404);
  });
});

const videoFileUrl = 'https://media.example.com/arrive.mp4';

/** Writes and publishes, as an admin would, a course whose one lesson's video is a file. */
async function publishLessonWithVideoFile(
  courseId: string,
  lessonFields: Partial<CourseDocument['modules'][number]['lessons'][number]> = {},
): Promise<typeof firstLesson> {
  const admin = testApp.as(await createAdmin(testApp.app, testApp.db));
  const base = '/api/admin/content/courses';
  const created = (
    await admin.post(base, { id: courseId, title: 'Video File' })
  ).json<CourseDraft>();
  const draft: CourseDocument = {
    ...created.draft,
    description: 'A course with a video file.',
    overview: 'Welcome.',
    comingSoon: false,
    priceCents: 9_900,
    modules: [
      {
        id: 'opening',
        title: 'Opening',
        description: 'Where it begins.',
        lessons: [
          {
            id: 'arrive',
            title: 'Arrive',
            description: 'Arriving.',
            type: 'video',
            duration: 600,
            videoUrl: videoFileUrl,
            content: '# Arrive',
            reflectionPrompts: [
              { id: 'notice', question: 'What do you notice?', isRequired: true },
            ],
            ...lessonFields,
          },
        ],
      },
    ],
  };
  const saved = await admin.put(`${base}/${courseId}`, { version: created.version, draft });
  expect(saved.statusCode, saved.body).toBe(200);
  const { version } = saved.json<CourseDraft>();
  const published = await admin.post(`${base}/${courseId}/publish`, { version });
  expect(published.statusCode, published.body).toBe(200);
  return { courseId, moduleId: 'opening', lessonId: 'arrive' };
}

describe('video progress', () => {
  const start = (cookie: string | undefined, lesson = firstLesson) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/learning/video-progress/start',
      headers: cookie ? { cookie } : {},
      payload: lesson,
    });
  const save = (
    cookie: string | undefined,
    positionSeconds: number,
    durationSeconds = 780,
    lesson = firstLesson,
  ) =>
    testApp.app.inject({
      method: 'PUT',
      url: '/api/learning/video-progress',
      headers: cookie ? { cookie } : {},
      payload: { ...lesson, positionSeconds, durationSeconds },
    });

  it('records the start once, then the furthest point and the position to resume at', async () => {
    const learner = await learnerWithAccess();
    expect((await start(learner.cookie)).json()).toEqual({
      percent: 0,
      positionSeconds: 0,
      watched: false,
    });
    await save(learner.cookie, 390);
    expect((await start(learner.cookie)).json()).toMatchObject({
      percent: 50,
      positionSeconds: 390,
    });
    expect((await save(learner.cookie, 78)).json()).toEqual({
      percent: 50,
      positionSeconds: 78,
      watched: false,
    });
    const page = (await getLesson(learner.cookie)).json<LessonPage>();
    expect(page.videoProgress).toEqual({ percent: 50, positionSeconds: 78, watched: false });
  });

  it('counts 90% as watched, for good, and lists the lesson as watched', async () => {
    const learner = await learnerWithAccess();
    expect((await save(learner.cookie, 701)).json()).toMatchObject({ percent: 90, watched: true });
    expect((await save(learner.cookie, 10)).json()).toMatchObject({ percent: 90, watched: true });
    const page = (await getLesson(learner.cookie)).json<LessonPage>();
    expect(page.watchedLessonIds).toEqual([firstLesson.lessonId]);
  });

  it('keeps the progress of a lesson whose video is a file, by the same 90% rule', async () => {
    const lesson = await publishLessonWithVideoFile('video-file-course');
    const learner = await learnerWithAccess(undefined, [lesson.courseId]);
    expect((await start(learner.cookie, lesson)).json()).toEqual({
      percent: 0,
      positionSeconds: 0,
      watched: false,
    });
    expect((await save(learner.cookie, 300, 600, lesson)).json()).toEqual({
      percent: 50,
      positionSeconds: 300,
      watched: false,
    });
    expect((await save(learner.cookie, 540, 600, lesson)).json()).toMatchObject({
      percent: 90,
      watched: true,
    });
    const page = (await getLesson(learner.cookie, lesson)).json<LessonPage>();
    expect(page.lesson.videoUrl).toBe(videoFileUrl);
    expect(page.videoProgress).toEqual({ percent: 90, positionSeconds: 540, watched: true });
    expect(page.watchedLessonIds).toEqual([lesson.lessonId]);
    const stranger = await createUser(testApp.app);
    expect((await save(stranger.cookie, 10, 600, lesson)).statusCode).toBe(403);
  });

  it('refuses a position past the end, a lesson without video, no session and no access', async () => {
    const learner = await learnerWithAccess();
    expect((await save(learner.cookie, 900, 780)).statusCode).toBe(400);
    const noVideo = {
      courseId: course,
      moduleId: 'reclaiming-your-field',
      lessonId: 'the-body-as-compass',
    };
    expect((await start(learner.cookie, noVideo)).statusCode).toBe(404);
    expect((await save(undefined, 10)).statusCode).toBe(401);
    const stranger = await createUser(testApp.app);
    expect((await save(stranger.cookie, 10)).statusCode).toBe(403);
  });
});

describe('captions of a video file', () => {
  const english =
    'WEBVTT\n\n00:00.000 --> 00:03.500\n<v Ana>Arrive where you are.\n\n00:03.500 --> 00:07.000\nBreathe &amp; rest.\n';
  const german = 'WEBVTT\n\n00:00.000 --> 00:03.500\nKomm an, wo du bist.\n';

  it('gives the learner each language’s cues with the lesson, and the outline none', async () => {
    const lesson = await publishLessonWithVideoFile('captioned-course', {
      captions: [
        { language: 'en', label: 'English', vtt: english },
        { language: 'de', label: 'Deutsch', vtt: german },
      ],
    });
    const learner = await learnerWithAccess(undefined, [lesson.courseId]);
    const page = (await getLesson(learner.cookie, lesson)).json<LessonPage>();
    expect(page.lesson.captions).toEqual([
      {
        language: 'en',
        label: 'English',
        cues: [
          { start: 0, end: 3.5, text: '<v Ana>Arrive where you are.' },
          { start: 3.5, end: 7, text: 'Breathe &amp; rest.' },
        ],
      },
      {
        language: 'de',
        label: 'Deutsch',
        cues: [{ start: 0, end: 3.5, text: 'Komm an, wo du bist.' }],
      },
    ]);
    expect(JSON.stringify(page.course.modules)).not.toContain('captions');
    const stranger = await createUser(testApp.app);
    expect((await getLesson(stranger.cookie, lesson)).statusCode).toBe(403);
  });

  it('refuses a file that is not WebVTT, two files for one language, and captions for Vimeo', async () => {
    const admin = testApp.as(await createAdmin(testApp.app, testApp.db));
    const base = '/api/admin/content/courses';
    const created = (
      await admin.post(base, { id: 'badly-captioned', title: 'Bad' })
    ).json<CourseDraft>();
    const lessonWith = (fields: Record<string, unknown>) => ({
      ...created.draft,
      modules: [
        {
          id: 'opening',
          title: 'Opening',
          description: 'Where it begins.',
          lessons: [
            {
              id: 'arrive',
              title: 'Arrive',
              description: 'Arriving.',
              type: 'video',
              duration: 600,
              content: '# Arrive',
              reflectionPrompts: [],
              ...fields,
            },
          ],
        },
      ],
    });
    const save = (fields: Record<string, unknown>) =>
      admin.put(`${base}/badly-captioned`, { version: created.version, draft: lessonWith(fields) });
    const srt = await save({
      videoUrl: videoFileUrl,
      captions: [{ language: 'en', label: 'English', vtt: '1\n00:00:01,000 --> 00:00:02,000\nHi' }],
    });
    expect(srt.statusCode).toBe(400);
    expect(srt.json().error.message).toContain('a captions file starts with the line WEBVTT');
    const twice = await save({
      videoUrl: videoFileUrl,
      captions: [
        { language: 'en', label: 'English', vtt: english },
        { language: 'en', label: 'English again', vtt: english },
      ],
    });
    expect(twice.json().error.message).toContain('each language has one captions file');
    const vimeo = await save({
      vimeoVideoId: '123456789',
      captions: [{ language: 'en', label: 'English', vtt: english }],
    });
    expect(vimeo.statusCode).toBe(400);
    expect(vimeo.json().error.message).toContain('a Vimeo video keeps the captions set at Vimeo');
    const language = await save({
      videoUrl: videoFileUrl,
      captions: [{ language: 'English!', label: 'English', vtt: english }],
    });
    expect(language.json().error.message).toContain(
      'expected a language tag such as en, de or pt-BR',
    );
  });
});
