import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewLessonSchema, type LessonPage } from '../../shared/api/learning.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createUser } from '../testing/users.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

/** The lesson content/ marks as energy-sovereignty's free preview, and one it does not. */
const preview = {
  courseId: 'energy-sovereignty',
  moduleId: 'boundaries-as-devotion',
  lessonId: 'the-sacred-no',
};
const paidLesson = { ...preview, lessonId: 'clearing-what-is-not-yours' };
const path = ({ courseId, moduleId, lessonId }: typeof preview) =>
  `/courses/${courseId}/modules/${moduleId}/lessons/${lessonId}`;
const previewUrl = (lesson: typeof preview) => `/api/learning/previews${path(lesson)}`;

describe('GET a free preview lesson', () => {
  it('gives a visitor without an account the lesson, its video and prompts', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: previewUrl(preview) });
    expect(response.statusCode).toBe(200);
    const page = previewLessonSchema.parse(response.json());
    expect(page.lesson).toMatchObject({ id: 'the-sacred-no', isPreview: true });
    expect(page.lesson.content.length).toBeGreaterThan(100);
    expect(page.lesson.vimeoVideoId).toBeTruthy();
    expect(page.video).not.toBeNull();
    expect(page.lesson.reflectionPrompts.length).toBeGreaterThan(0);
    // The outline names the other lessons, never where their videos are.
    const others = page.course.modules.flatMap((module) => module.lessons);
    expect(others.filter((lesson) => lesson.vimeoVideoId ?? lesson.videoUrl)).toEqual([]);
  });

  it('refuses a lesson not marked as a preview with 403, sending none of it', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: previewUrl(paidLesson) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'This lesson is not a free preview: enroll in the course to open it.',
      },
    });
  });

  it('answers 404 for a lesson no published course has, and refuses an id over 100 characters', async () => {
    const missing = await testApp.app.inject({
      method: 'GET',
      url: previewUrl({ ...preview, lessonId: 'no-such-lesson' }),
    });
    expect(missing.statusCode).toBe(404);
    const tooLong = await testApp.app.inject({
      method: 'GET',
      url: previewUrl({ ...preview, lessonId: 'x'.repeat(101) }),
    });
    // Fastify's own limit on a path parameter answers before the contract's (also 100).
    expect(tooLong.statusCode).toBe(414);
  });
});

describe('a free preview for a learner who has not bought the course', () => {
  it('opens in the lesson viewer and keeps what they write; other lessons stay closed', async () => {
    const learner = await createUser(testApp.app);
    const headers = { cookie: learner.cookie };
    const opened = await testApp.app.inject({
      method: 'GET',
      url: `/api/learning${path(preview)}`,
      headers,
    });
    expect(opened.statusCode).toBe(200);
    const promptId = opened.json<LessonPage>().lesson.reflectionPrompts[0]!.id;
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: '/api/learning/reflections',
      headers,
      payload: { ...preview, promptId, response: 'A no I have been swallowing at work.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const closed = await testApp.app.inject({
      method: 'GET',
      url: `/api/learning${path(paidLesson)}`,
      headers,
    });
    expect(closed.statusCode).toBe(403);
  });
});
