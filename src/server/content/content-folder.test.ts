import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_MAX_BYTES, pictureMessages } from '../../shared/rules/picture-file.ts';
import { readContentFolder } from '../catalogue/load-catalogue.ts';
import { contentPictures } from '../db/schema/content.ts';
import { lessonCompletions } from '../db/schema/learning.ts';
import { findLearnerWork } from '../learning/learner-work.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createUser } from '../testing/users.ts';
import { exportContent, importContent } from './content-folder.ts';
import { listMissingPictures, savePicture } from './course-pictures.ts';

let testApp: TestApp;
let dir: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'sf-content-'));
});
afterAll(async () => {
  await testApp.close();
  await rm(dir, { recursive: true, force: true });
});

const actor = { id: 'test', email: 'importer@example.com' };
const importFrom = (folder: string) =>
  importContent(testApp.db, folder, actor, (courseId) => findLearnerWork(testApp.db, courseId));

const lessonsDir = (folder: string) =>
  path.join(folder, 'courses', 'sovereign-flame', 'lessons');

async function firstLessonFile(folder: string): Promise<string> {
  const [name] = (await readdir(lessonsDir(folder))).sort();
  return path.join(lessonsDir(folder), name!);
}

describe('content:export and content:import', () => {
  it('exports the programme a new install loaded in the folder format it was read from', async () => {
    await exportContent(testApp.db, dir);
    const original = await readContentFolder(testApp.app.config.contentDir);
    expect(await readContentFolder(dir)).toEqual(original);
  });

  it('imports an edited folder as the next published version, served at once', async () => {
    const file = await firstLessonFile(dir);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/^title: .*$/m, 'title: A Title Changed in Git'));
    await importFrom(dir);
    await testApp.app.catalogue.reload();
    const course = testApp.app.catalogue.getCourse('sovereign-flame');
    expect(course?.modules[0]?.lessons[0]?.title).toBe('A Title Changed in Git');
    const outline = await testApp
      .as(undefined)
      .get('/api/courses/sovereign-flame')
      .then((response) => response.json());
    expect(outline.modules[0].lessons[0].title).toBe('A Title Changed in Git');
  });

  it('reads a video file’s captions written in a lesson file, and writes them back the same', async () => {
    const file = await firstLessonFile(dir);
    const text = await readFile(file, 'utf8');
    const captions = [
      'videoUrl: https://media.example.com/flame.mp4',
      'captions:',
      '  - language: en',
      '    label: English',
      '    vtt: |',
      '      WEBVTT',
      '',
      '      00:00.000 --> 00:02.500',
      '      Welcome to the flame.',
    ].join('\n');
    await writeFile(file, text.replace(/^video: .*$/m, captions));
    await importFrom(dir);
    await testApp.app.catalogue.reload();
    const lesson = testApp.app.catalogue.getCourse('sovereign-flame')?.modules[0]?.lessons[0];
    expect(lesson?.captions).toEqual([
      {
        language: 'en',
        label: 'English',
        cues: [{ start: 0, end: 2.5, text: 'Welcome to the flame.' }],
      },
    ]);
    const again = await mkdtemp(path.join(tmpdir(), 'sf-content-again-'));
    await exportContent(testApp.db, again);
    expect(await readContentFolder(again)).toEqual(await readContentFolder(dir));
    await rm(again, { recursive: true, force: true });
  });

  it('refuses a folder with a bad field, naming the file and the field, and publishes nothing', async () => {
    const broken = await mkdtemp(path.join(tmpdir(), 'sf-content-broken-'));
    await cp(dir, broken, { recursive: true });
    const file = await firstLessonFile(broken);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/^duration: .*$/m, 'duration: soon'));
    await expect(importFrom(broken)).rejects.toThrow(`${file}: duration: `);
    await rm(broken, { recursive: true, force: true });
  });

  it("refuses to remove a lesson that has learners' progress: it must be retired instead", async () => {
    const learner = await createUser(testApp.app);
    const course = testApp.app.catalogue.getCourse('sovereign-flame')!;
    const [module] = course.modules;
    const lesson = module!.lessons.at(-1)!;
    await testApp.db.insert(lessonCompletions).values({
      userId: learner.id,
      courseId: course.id,
      moduleId: module!.id,
      lessonId: lesson.id,
    });
    const pruned = await mkdtemp(path.join(tmpdir(), 'sf-content-pruned-'));
    await cp(dir, pruned, { recursive: true });
    const names = await readdir(lessonsDir(pruned));
    const name = names.find((candidate) => candidate.endsWith(`-${lesson.id}.md`))!;
    await rm(path.join(lessonsDir(pruned), name));
    await expect(importFrom(pruned)).rejects.toThrow(
      `The lesson ${lesson.id} has learners' answers or progress: retire it instead of removing it.`,
    );
    await rm(pruned, { recursive: true, force: true });
  });

  it('keeps an uploaded picture in the database: the folder names it, and an import elsewhere is told to upload it', async () => {
    const png = readFileSync('tests/support/media/course-picture.png');
    const courseFile = path.join(dir, 'courses', 'sovereign-flame', 'course.md');
    const text = await readFile(courseFile, 'utf8');
    const picture = `/media/pictures/${'a'.repeat(64)}.png`;
    await writeFile(
      courseFile,
      text.replace(/^id: sovereign-flame$/m, `id: sovereign-flame\nthumbnail: ${picture}\nthumbnailAlt: A flame`),
    );
    const imported = await importFrom(dir);
    expect(await listMissingPictures(testApp.db, imported.courses)).toEqual([
      { courseId: 'sovereign-flame', path: picture },
    ]);

    const { picture: uploaded } = await savePicture(testApp.db, actor, png);
    await writeFile(courseFile, (await readFile(courseFile, 'utf8')).replace(picture, uploaded.path));
    const again = await importFrom(dir);
    expect(await listMissingPictures(testApp.db, again.courses)).toEqual([]);
  });

  it('exports an uploaded picture as a file, which an import into another database stores', async () => {
    const png = readFileSync('tests/support/media/course-picture.png');
    const { picture } = await savePicture(testApp.db, actor, png);
    const courseFile = path.join(dir, 'courses', 'sovereign-flame', 'course.md');
    const text = (await readFile(courseFile, 'utf8')).replace(/^thumbnail: .*$/m, '');
    await writeFile(
      courseFile,
      text.replace(/^id: sovereign-flame$/m, `id: sovereign-flame\nthumbnail: ${picture.path}`),
    );
    await importFrom(dir);

    const exported = await mkdtemp(path.join(tmpdir(), 'sf-content-pictures-'));
    await exportContent(testApp.db, exported);
    const file = path.join(exported, 'pictures', path.basename(picture.path));
    expect(await readFile(file)).toEqual(png);
    const written = await readFile(path.join(exported, 'courses', 'sovereign-flame', 'course.md'), 'utf8');
    expect(written).toContain(`thumbnail: ${picture.path}`);

    // Another install's database: it has never seen the picture.
    await testApp.db.delete(contentPictures);
    const imported = await importFrom(exported);
    expect(await listMissingPictures(testApp.db, imported.courses)).toEqual([]);
    const served = await testApp.app.inject({
      method: 'GET',
      url: picture.path,
      headers: { host: 'localhost:3000' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(png);

    await writeFile(path.join(exported, 'pictures', `${'b'.repeat(64)}.png`), png);
    await expect(importFrom(exported)).rejects.toThrow(
      "not an uploaded picture: its name must be its content's sha256",
    );
    await rm(path.join(exported, 'pictures', `${'b'.repeat(64)}.png`));
    await writeFile(
      path.join(exported, 'pictures', `${'c'.repeat(64)}.png`),
      Buffer.alloc(PICTURE_MAX_BYTES + 1),
    );
    await expect(importFrom(exported)).rejects.toThrow(pictureMessages.tooLarge);
    await rm(exported, { recursive: true, force: true });
  });
});
