import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import {
  PICTURES_PATH,
  type CourseDocument,
  type LessonDocument,
} from '../../shared/api/content.ts';
import {
  courseFileOf,
  readContentFolder,
  type ContentDocuments,
} from '../catalogue/load-catalogue.ts';
import type { Database } from '../db/client.ts';
import { publishContentDocuments } from './catalogue-store.ts';
import { PICTURE_MAX_BYTES, pictureMessages } from '../../shared/rules/picture-file.ts';
import { findPicture, picturePathOf, savePicture, uploadedPicturesOf } from './course-pictures.ts';
import { requireLearnerWorkKept, type FindLearnerWork } from './learner-work.ts';
import {
  notifyContentPublished,
  readPublishedDocuments,
  type ContentActor,
} from './published-content.ts';

/** Beside `courses/` and `products.yaml`: the uploaded pictures the courses show. */
const PICTURES_FOLDER = 'pictures';

/**
 * `npm run content:export`: the published programme written in content/'s format, which
 * `content:import` and a new install read back (load-catalogue.ts) to the same documents.
 */
export async function exportContent(db: Database, dir: string): Promise<ContentDocuments> {
  const documents = await readPublishedDocuments(db);
  if (!documents) throw new Error('Nothing is published yet.');
  await rm(path.join(dir, 'courses'), { recursive: true, force: true });
  for (const course of documents.courses) await writeCourse(dir, course);
  await writeFile(path.join(dir, 'products.yaml'), productsYaml(documents));
  await writePictures(db, dir, documents);
  return documents;
}

/** The uploaded pictures the courses show, as `pictures/<sha256>.<extension>` files. */
async function writePictures(db: Database, dir: string, documents: ContentDocuments) {
  const picturesDir = path.join(dir, PICTURES_FOLDER);
  await rm(picturesDir, { recursive: true, force: true });
  for (const { file } of uploadedPicturesOf(documents.courses)) {
    const picture = await findPicture(db, file);
    if (!picture) continue;
    await mkdir(picturesDir, { recursive: true });
    await writeFile(path.join(picturesDir, file), picture.bytes);
  }
}

/**
 * Stores each file of `pictures/`, before the courses that show them are published. A file is
 * checked as an upload is, and its name must be its content's address, or the folder is refused.
 */
async function readPictures(db: Database, dir: string, actor: ContentActor) {
  const picturesDir = path.join(dir, PICTURES_FOLDER);
  const files = await readdir(picturesDir).catch(() => [] as string[]);
  for (const file of files) {
    const filePath = path.join(picturesDir, file);
    // Sized before it is read: an upload is refused over the limit before it is held whole too.
    if ((await stat(filePath)).size > PICTURE_MAX_BYTES) {
      throw new Error(`${filePath}: ${pictureMessages.tooLarge}`);
    }
    const bytes = await readFile(filePath);
    if (picturePathOf(bytes) !== `${PICTURES_PATH}/${file}`) {
      throw new Error(
        `${filePath}: not an uploaded picture: its name must be its content's sha256 and its kind (jpg, png or webp).`,
      );
    }
    await savePicture(db, actor, bytes);
  }
}

/**
 * `npm run content:import`: reads a folder with the loader's checks (an error names the file and
 * the field) and publishes every course in it; a lesson or prompt with learners' work must be kept.
 */
export async function importContent(
  db: Database,
  dir: string,
  actor: ContentActor,
  findLearnerWork: FindLearnerWork,
): Promise<ContentDocuments> {
  const documents = await readContentFolder(dir);
  for (const course of documents.courses) await requireLearnerWorkKept(findLearnerWork, course);
  await readPictures(db, dir, actor);
  await db.transaction(async (tx) => {
    await publishContentDocuments(tx, actor, documents);
    await notifyContentPublished(tx);
  });
  return documents;
}

async function writeCourse(dir: string, course: CourseDocument): Promise<void> {
  const courseFile = courseFileOf(dir, course.id);
  const lessonsDir = path.join(path.dirname(courseFile), 'lessons');
  await mkdir(lessonsDir, { recursive: true });
  const {
    overview,
    modules,
    priceCents: _p,
    paymentPlan: _plan,
    required: _r,
    comingSoon: _c,
    ...fields
  } = course;
  const moduleFields = modules.map(({ lessons: _lessons, ...module }) => module);
  await writeFile(courseFile, markdownFile({ ...fields, modules: moduleFields }, overview));
  const lessons = modules.flatMap((module) =>
    module.lessons.map((lesson) => ({ moduleId: module.id, lesson })),
  );
  const width = Math.max(2, String(lessons.length).length);
  await Promise.all(
    lessons.map(({ moduleId, lesson }, index) => {
      const name = `${String(index + 1).padStart(width, '0')}-${lesson.id}.md`;
      return writeFile(path.join(lessonsDir, name), lessonFile(moduleId, lesson));
    }),
  );
}

function lessonFile(moduleId: string, lesson: LessonDocument): string {
  const { id, content, vimeoVideoId, reflectionPrompts, ...fields } = lesson;
  return markdownFile(
    {
      id,
      module: moduleId,
      ...fields,
      ...(vimeoVideoId ? { video: vimeoVideoId } : {}),
      reflectionPrompts,
    },
    content,
  );
}

function markdownFile(frontMatter: object, body: string): string {
  return `---\n${stringify(frontMatter, { lineWidth: 0 })}---\n${body}\n`;
}

function productsYaml({ courses, products }: ContentDocuments): string {
  const entries = [
    ...courses.map(({ id, priceCents, paymentPlan, required, comingSoon }) => ({
      id,
      priceCents,
      ...(paymentPlan ? { paymentPlan } : {}),
      required,
      comingSoon,
    })),
    { ...products.bundle, bundle: true },
    ...(products.session ? [{ ...products.session, session: true }] : []),
  ];
  return `# Written by npm run content:export: what is sold, in cents (EUR).\n${stringify({ products: entries }, { lineWidth: 0 })}`;
}
