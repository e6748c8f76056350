import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueResponse, CourseOutline } from '../../shared/api/catalogue.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createEnrolledLearner, createUser } from '../testing/users.ts';
import { loadCatalogue } from './load-catalogue.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/catalogue', () => {
  it('lists the four courses with their shapes, prices and the bundle', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/catalogue' });
    expect(response.statusCode).toBe(200);
    const { courses, bundle } = response.json<CatalogueResponse>();
    const shape = Object.fromEntries(
      courses.map((course) => [
        course.id,
        [
          course.level,
          course.prerequisites,
          course.moduleCount,
          course.product.priceCents,
          course.product.comingSoon,
          course.product.required,
        ],
      ]),
    );
    expect(shape).toEqual({
      'energy-sovereignty': ['foundational', [], 3, 12500, false, true],
      'sovereign-flame': ['core', ['energy-sovereignty'], 9, 12500, false, true],
      'dragons-clarity': ['advanced', ['sovereign-flame'], 3, 12500, true, false],
      'phoenix-ascension': ['advanced', ['sovereign-flame'], 3, 12500, true, false],
    });
    expect(courses.map((course) => course.id)).toEqual([
      'energy-sovereignty',
      'sovereign-flame',
      'dragons-clarity',
      'phoenix-ascension',
    ]);
    expect(courses.find((course) => course.id === 'energy-sovereignty')?.lessonCount).toBe(8);
    expect(courses.find((course) => course.id === 'dragons-clarity')?.lessonCount).toBe(6);
    expect(bundle).toMatchObject({ id: 'complete-bundle', priceCents: 25000, isBundle: true });
    expect(bundle.courseIds).toHaveLength(4);
  });
});

describe('GET /api/courses/:courseId', () => {
  it('gives the outline without lesson content', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/courses/energy-sovereignty',
    });
    expect(response.statusCode).toBe(200);
    const outline = response.json<CourseOutline>();
    expect(outline.modules).toHaveLength(3);
    const lesson = outline.modules[0]!.lessons[0]!;
    expect(lesson).toMatchObject({ order: 1, type: expect.any(String) });
    expect(lesson).not.toHaveProperty('content');
    expect(lesson).not.toHaveProperty('reflectionPrompts');
  });

  it("keeps the lessons' video ids from visitors and learners without access", async () => {
    const learner = await createUser(testApp.app);
    for (const headers of [{}, { cookie: learner.cookie }]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/courses/energy-sovereignty',
        headers,
      });
      const lessons = response.json<CourseOutline>().modules.flatMap((module) => module.lessons);
      expect(lessons.some((lesson) => lesson.type === 'video')).toBe(true);
      expect(lessons.filter((lesson) => lesson.vimeoVideoId)).toEqual([]);
    }
  });

  it("gives the lessons' video ids to a learner with access", async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db, ['energy-sovereignty']);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/courses/energy-sovereignty',
      headers: { cookie: learner.cookie },
    });
    const lessons = response.json<CourseOutline>().modules.flatMap((module) => module.lessons);
    expect(lessons.filter((lesson) => lesson.vimeoVideoId).length).toBeGreaterThan(0);
  });

  it('answers an unknown course with 404', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/courses/no-such-course',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Course not found: no-such-course');
  });
});

describe('the catalogue files', () => {
  const copyContent = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sf-content-'));
    cpSync(testApp.app.config.contentDir, dir, { recursive: true });
    return dir;
  };

  it('give every lesson content, a prompt, and a valid video id when it has one', () => {
    for (const course of testApp.app.catalogue.courses) {
      for (const lesson of course.modules.flatMap((module) => module.lessons)) {
        expect(lesson.content.length, lesson.id).toBeGreaterThan(500);
        expect(lesson.reflectionPrompts.length, lesson.id).toBeGreaterThan(0);
        if (lesson.vimeoVideoId) expect(lesson.vimeoVideoId).toMatch(/^\d{6,}$/);
      }
    }
  });

  it('stop the start with a message naming a broken file and its problem', async () => {
    const dir = copyContent();
    const lesson = path.join(
      dir,
      'courses/energy-sovereignty/lessons/01-what-energy-sovereignty-means.md',
    );
    writeFileSync(lesson, '---\nid: broken\nmodule: nowhere\n---\nText');
    await expect(loadCatalogue(dir)).rejects.toThrow(`${lesson}: title: `);
  });

  it('refuse a lesson whose module does not exist', async () => {
    const dir = copyContent();
    const lesson = path.join(
      dir,
      'courses/energy-sovereignty/lessons/01-what-energy-sovereignty-means.md',
    );
    const { readFileSync } = await import('node:fs');
    writeFileSync(lesson, readFileSync(lesson, 'utf8').replace(/^module: .*$/m, 'module: nowhere'));
    await expect(loadCatalogue(dir)).rejects.toThrow(`${lesson}: unknown module nowhere`);
  });
});
