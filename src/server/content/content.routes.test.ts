import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ContentChange,
  ContentCourseListItem,
  CourseDocument,
  CourseDraft,
  PublishedVersion,
} from '../../shared/api/content.ts';
import type { LessonPage } from '../../shared/api/learning.ts';
import { lessonCompletions, lessonReflections } from '../db/schema/learning.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  createAdmin,
  createUser,
  TEST_PASSWORD,
  type TestAdmin,
  type TestUser,
} from '../testing/users.ts';

let testApp: TestApp;
let admin: TestAdmin;
let learner: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
  learner = await createUser(testApp.app);
});
afterAll(() => testApp.close());

const base = '/api/admin/content/courses';
const asAdmin = () => testApp.as(admin);

const readDraft = async (courseId: string) =>
  (await asAdmin().get(`${base}/${courseId}`)).json<CourseDraft>();

const aLesson = (id: string, promptIds: string[] = ['first-thought']) => ({
  id,
  title: `Lesson ${id}`,
  description: 'What this lesson is about.',
  type: 'practice' as const,
  duration: 600,
  content: '# Begin\n\nBreathe in, breathe out.',
  reflectionPrompts: promptIds.map((promptId) => ({
    id: promptId,
    question: `What do you notice about ${promptId}?`,
    isRequired: true,
  })),
});

/** Creates a course with one module and one lesson in its draft; answers the saved draft. */
async function createWrittenCourse(id: string, by: TestAdmin = admin): Promise<CourseDraft> {
  const created = await testApp.as(by).post(base, { id, title: `Course ${id}` });
  expect(created.statusCode, created.body).toBe(201);
  const { draft, version } = created.json<CourseDraft>();
  const written: CourseDocument = {
    ...draft,
    description: 'A course written in the admin panel.',
    overview: 'Welcome to the course.',
    comingSoon: false,
    priceCents: 9_900,
    modules: [
      { id: 'opening', title: 'Opening', description: 'Where it begins.', lessons: [aLesson('arrive')] },
    ],
  };
  const saved = await testApp.as(by).put(`${base}/${id}`, { version, draft: written });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<CourseDraft>();
}

describe('the programme loaded on a new install', () => {
  it('lists the courses of content/ as published version 1 with no unpublished changes', async () => {
    const response = await asAdmin().get(base);
    expect(response.statusCode).toBe(200);
    const { courses } = response.json<{ courses: ContentCourseListItem[] }>();
    expect(courses.find((course) => course.id === 'sovereign-flame')).toMatchObject({
      title: 'The Sovereign Flame',
      draftVersion: 1,
      publishedVersion: 1,
      hasUnpublishedChanges: false,
    });
    const catalogue = await testApp.as(undefined).get('/api/catalogue');
    expect(catalogue.json().courses).toHaveLength(courses.length);
  });
});

describe('the admin content routes refuse anyone but an admin', () => {
  it('answers 401 without a session and 403 to a learner, and changes nothing', async () => {
    const draft = await readDraft('sovereign-flame');
    const routes = [
      ['GET', base, undefined],
      ['POST', base, { id: 'stolen-course', title: 'Stolen' }],
      ['GET', `${base}/sovereign-flame`, undefined],
      ['PUT', `${base}/sovereign-flame`, { version: draft.version, draft: draft.draft }],
      ['POST', `${base}/sovereign-flame/publish`, { version: draft.version }],
      ['GET', `${base}/sovereign-flame/versions`, undefined],
      ['POST', `${base}/sovereign-flame/versions/1/restore`, undefined],
      ['GET', `${base}/sovereign-flame/preview/lessons/the-inner-flame`, undefined],
      ['GET', '/api/admin/content/changes', undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await testApp.as(undefined).request(method, url, body)).statusCode, url).toBe(401);
      expect((await testApp.as(learner).request(method, url, body)).statusCode, url).toBe(403);
    }
    expect((await readDraft('sovereign-flame')).version).toBe(draft.version);
  });
});

describe('creating a course', () => {
  it('creates a draft that is not for sale until it is published', async () => {
    const response = await asAdmin().post(base, { id: 'morning-fire', title: 'Morning Fire' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<CourseDraft>()).toMatchObject({
      draft: { id: 'morning-fire', title: 'Morning Fire', modules: [] },
      version: 1,
      updatedBy: admin.email,
      publishedVersion: null,
    });
    const catalogue = await testApp.as(undefined).get('/api/catalogue');
    expect(catalogue.json().courses.map((course: { id: string }) => course.id)).not.toContain(
      'morning-fire',
    );
  });

  it('answers 400 for a taken id and for an id that is not kebab-case', async () => {
    const taken = await asAdmin().post(base, { id: 'sovereign-flame', title: 'Again' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.message).toBe('A course with the id sovereign-flame already exists.');
    const invalid = await asAdmin().post(base, { id: 'Not An Id', title: 'Bad' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toMatch(/^id: expected a kebab-case id/);
  });
});

describe('saving a draft', () => {
  it('saves a draft, moves its version on and marks unpublished changes', async () => {
    const saved = await createWrittenCourse('evening-ember');
    expect(saved).toMatchObject({ version: 2, updatedBy: admin.email });
    expect(saved.draft.modules[0]?.lessons[0]?.id).toBe('arrive');
    const { courses } = (await asAdmin().get(base)).json<{ courses: ContentCourseListItem[] }>();
    expect(courses.find((course) => course.id === 'evening-ember')).toMatchObject({
      draftVersion: 2,
      publishedVersion: null,
      hasUnpublishedChanges: true,
    });
  });

  it('answers 400 naming the field of a bad lesson', async () => {
    const { draft, version } = await readDraft('sovereign-flame');
    const [module] = draft.modules;
    const bad = {
      ...draft,
      modules: [{ ...module, lessons: [{ ...module!.lessons[0], duration: -5 }] }],
    };
    const response = await asAdmin().put(`${base}/sovereign-flame`, { version, draft: bad });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^draft\.modules\.0\.lessons\.0\.duration: /);
  });

  it('refuses a stale version with who changed the course and when: 409, never an overwrite', async () => {
    const { draft, version } = await readDraft('sovereign-flame');
    const first = await asAdmin().put(`${base}/sovereign-flame`, {
      version,
      draft: { ...draft, description: 'The first admin wrote this.' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await asAdmin().put(`${base}/sovereign-flame`, {
      version,
      draft: { ...draft, description: 'The second admin wrote this.' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toMatch(
      new RegExp(`^${admin.email.replace('.', '\\.')} changed this course at .+\\. Reload to see their changes\\.$`),
    );
    expect((await readDraft('sovereign-flame')).draft.description).toBe(
      'The first admin wrote this.',
    );
  });

  it('answers 404 for a course nobody created', async () => {
    expect((await asAdmin().get(`${base}/no-such-course`)).statusCode).toBe(404);
  });
});

describe('publishing, versions and restore', () => {
  it('publishes a draft: learners are served it at once, and the history names who published', async () => {
    const { version } = await createWrittenCourse('dawn-light');
    const published = await asAdmin().post(`${base}/dawn-light/publish`, { version });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<CourseDraft>()).toMatchObject({ version, publishedVersion: 1 });
    const outline = await testApp.as(undefined).get('/api/courses/dawn-light');
    expect(outline.statusCode).toBe(200);
    expect(outline.json().product.priceCents).toBe(9_900);
    const versions = (await asAdmin().get(`${base}/dawn-light/versions`)).json<{
      versions: PublishedVersion[];
    }>().versions;
    expect(versions).toEqual([
      expect.objectContaining({ version: 1, publishedBy: admin.email, title: 'Course dawn-light' }),
    ]);
  });

  it('refuses a publish from a stale version (409) and a course that would not build (400)', async () => {
    const { version } = await readDraft('evening-ember');
    const stale = await asAdmin().post(`${base}/evening-ember/publish`, { version: version - 1 });
    expect(stale.statusCode).toBe(409);
    await asAdmin().post(base, { id: 'empty-vessel', title: 'Empty Vessel' });
    const empty = await asAdmin().post(`${base}/empty-vessel/publish`, { version: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('course empty-vessel: the course has no module');
    const badVersion = await asAdmin().post(`${base}/evening-ember/publish`, { version: 'one' });
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json().error.message).toMatch(/^version: /);
  });

  it('restores a published version into the draft, to be published again', async () => {
    const { draft, version } = await readDraft('dawn-light');
    await asAdmin().put(`${base}/dawn-light`, {
      version,
      draft: { ...draft, title: 'Dawn Light, retitled' },
    });
    const restored = await asAdmin().post(`${base}/dawn-light/versions/1/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<CourseDraft>()).toMatchObject({
      draft: { title: 'Course dawn-light' },
      version: version + 2,
    });
    const missing = await asAdmin().post(`${base}/dawn-light/versions/9/restore`);
    expect(missing.statusCode).toBe(404);
    const notANumber = await asAdmin().post(`${base}/dawn-light/versions/first/restore`);
    expect(notANumber.statusCode).toBe(400);
  });
});

describe("learners' work is never lost", () => {
  it('refuses to remove a lesson a learner completed or a prompt they answered: retire it instead', async () => {
    const { version } = await createWrittenCourse('still-water');
    await asAdmin().post(`${base}/still-water/publish`, { version });
    const common = { userId: learner.id, courseId: 'still-water', moduleId: 'opening', lessonId: 'arrive' };
    await testApp.db.insert(lessonCompletions).values(common);
    await testApp.db.insert(lessonReflections).values({
      ...common,
      moduleName: 'Opening',
      lessonName: 'Lesson arrive',
      promptId: 'first-thought',
      question: 'What do you notice about first-thought?',
      response: 'not read here',
    });
    const { draft, version: current } = await readDraft('still-water');
    const [module] = draft.modules;
    const withoutLesson = { ...draft, modules: [{ ...module!, lessons: [aLesson('another')] }] };
    const removed = await asAdmin().put(`${base}/still-water`, { version: current, draft: withoutLesson });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().error.message).toBe(
      "The lesson arrive has learners' answers or progress: retire it instead of removing it.",
    );
    const withoutPrompt = {
      ...draft,
      modules: [{ ...module!, lessons: [aLesson('arrive', ['second-thought'])] }],
    };
    const promptRemoved = await asAdmin().put(`${base}/still-water`, {
      version: current,
      draft: withoutPrompt,
    });
    expect(promptRemoved.json().error.message).toBe(
      "The reflection prompt first-thought has learners' answers: retire it instead of removing it.",
    );

    // Retired: kept in the document, hidden from the outline, and progress counts without it.
    const retired = {
      ...draft,
      modules: [
        { ...module!, lessons: [{ ...aLesson('arrive'), retired: true }, aLesson('another')] },
      ],
    };
    const saved = await asAdmin().put(`${base}/still-water`, { version: current, draft: retired });
    expect(saved.statusCode, saved.body).toBe(200);
    await asAdmin().post(`${base}/still-water/publish`, { version: current + 1 });
    const outline = (await testApp.as(undefined).get('/api/courses/still-water')).json();
    expect(outline.lessonCount).toBe(1);
    expect(outline.modules[0].lessons.map((lesson: { id: string }) => lesson.id)).toEqual([
      'another',
    ]);
  });
});

describe('preview as a learner', () => {
  it('shows a lesson of the draft before it is published, retired prompts hidden', async () => {
    const { draft, version } = await readDraft('evening-ember');
    const [module] = draft.modules;
    const lesson = {
      ...aLesson('arrive', ['kept', 'gone']),
      content: 'A new text, not yet published.',
    };
    lesson.reflectionPrompts[1] = { ...lesson.reflectionPrompts[1]!, retired: true } as never;
    await asAdmin().put(`${base}/evening-ember`, {
      version,
      draft: { ...draft, modules: [{ ...module!, lessons: [lesson] }] },
    });
    const response = await asAdmin().get(`${base}/evening-ember/preview/lessons/arrive`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<LessonPage>();
    expect(page.lesson.content).toBe('A new text, not yet published.');
    expect(page.lesson.reflectionPrompts.map((prompt) => prompt.id)).toEqual(['kept']);
    expect(page).toMatchObject({ progress: 0, reflections: [], module: { id: 'opening' } });
    const missing = await asAdmin().get(`${base}/evening-ember/preview/lessons/nowhere`);
    expect(missing.statusCode).toBe(404);
    const invalid = await asAdmin().get(`${base}/evening-ember/preview/lessons/Not_An_Id`);
    expect(invalid.statusCode).toBe(400);
  });
});

describe('the content changes log', () => {
  it('records who created, saved, published and restored which course', async () => {
    const response = await asAdmin().get('/api/admin/content/changes');
    expect(response.statusCode).toBe(200);
    const { changes } = response.json<{ changes: ContentChange[] }>();
    const dawn = changes.filter((change) => change.courseId === 'dawn-light');
    expect(dawn.map((change) => change.action).reverse()).toEqual([
      'created',
      'saved',
      'published',
      'saved',
      'restored',
    ]);
    expect(dawn.every((change) => change.changedBy === admin.email)).toBe(true);
  });
});

describe('an admin who deletes their account', () => {
  it('leaves their edits on record, unnamed, in the changes, the draft and the published versions', async () => {
    const departing = await createAdmin(testApp.app, testApp.db);
    const { version } = await createWrittenCourse('parting-gift', departing);
    const published = await testApp.as(departing).post(`${base}/parting-gift/publish`, { version });
    expect(published.statusCode, published.body).toBe(200);

    const deleted = await testApp
      .as(departing)
      .post('/api/account/delete', { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const { changes } = (await asAdmin().get('/api/admin/content/changes')).json<{
      changes: ContentChange[];
    }>();
    const parting = changes.filter((change) => change.courseId === 'parting-gift');
    expect(parting.map((change) => change.action).reverse()).toEqual([
      'created',
      'saved',
      'published',
    ]);
    expect(parting.every((change) => change.changedBy === 'a deleted admin account')).toBe(true);
    expect((await readDraft('parting-gift')).updatedBy).toBe('a deleted admin account');
    const { versions } = (await asAdmin().get(`${base}/parting-gift/versions`)).json<{
      versions: PublishedVersion[];
    }>();
    expect(versions.map((entry) => entry.publishedBy)).toEqual(['a deleted admin account']);
    const everything = JSON.stringify([changes, versions, await readDraft('parting-gift')]);
    expect(everything).not.toContain(departing.email);
  });
});
