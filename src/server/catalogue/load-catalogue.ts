import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Product } from '../../shared/api/catalogue.ts';
import { courseLevels } from '../../shared/rules/catalogue.ts';
import {
  contentIdSchema,
  courseDocumentSchema,
  courseFieldsSchema,
  lessonDocumentSchema,
  lessonFieldsSchema,
  moduleEntrySchema,
  paymentPlanDocumentSchema,
  vimeoIdSchema,
  type CaptionTrackDocument,
  type CourseDocument,
  type LessonDocument,
  type ModuleDocument,
  type ProductsDocument,
} from '../../shared/api/content.ts';
import type { CaptionTrack } from '../../shared/api/learning.ts';
import { readWebVtt } from '../../shared/rules/webvtt.ts';
import type { Catalogue, Course, Lesson, Module } from './catalogue.ts';

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

/** The programme as documents: what the database holds, and what content/ is read into. */
export interface ContentDocuments {
  courses: CourseDocument[];
  products: ProductsDocument;
}

// The folder format's files, written with the fields of the documents' one schema.
const courseFileSchema = courseFieldsSchema
  .pick({
    id: true,
    title: true,
    description: true,
    level: true,
    prerequisites: true,
    releaseDate: true,
    thumbnail: true,
    thumbnailAlt: true,
  })
  .extend({ modules: z.array(moduleEntrySchema).min(1) });

const lessonFileSchema = lessonFieldsSchema.omit({ content: true, vimeoVideoId: true }).extend({
  module: contentIdSchema,
  video: vimeoIdSchema.optional(),
});

const productsFileSchema = z.object({
  products: z.array(
    z.object({
      id: contentIdSchema,
      name: z.string().max(200).optional(),
      description: z.string().max(2_000).optional(),
      priceCents: z.number().int().positive(),
      paymentPlan: paymentPlanDocumentSchema.optional(),
      required: z.boolean().default(false),
      comingSoon: z.boolean().default(false),
      bundle: z.boolean().default(false),
      session: z.boolean().default(false),
    }),
  ),
});
type ProductEntry = z.infer<typeof productsFileSchema>['products'][number];

/** Reads content/ and builds the catalogue from it: the build's prerendering reads it so. */
export async function loadCatalogue(contentDir: string): Promise<Catalogue> {
  return buildCatalogue(await readContentFolder(contentDir), (courseId) =>
    courseFileOf(contentDir, courseId),
  );
}

export const courseFileOf = (contentDir: string, courseId: string) =>
  path.join(contentDir, 'courses', courseId, 'course.md');

/** Reads content/: every course, its lessons in file order, and the products. Fails naming the file. */
export async function readContentFolder(contentDir: string): Promise<ContentDocuments> {
  const coursesDir = path.join(contentDir, 'courses');
  const folders = (await readdir(coursesDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const productsFile = path.join(contentDir, 'products.yaml');
  const entries = parseFile(
    productsFile,
    productsFileSchema,
    parseYaml(await readFile(productsFile, 'utf8')),
  ).products;
  const courses = await Promise.all(
    folders.map((folder) => readCourse(path.join(coursesDir, folder), productsFile, entries)),
  );
  return { courses, products: readProducts(productsFile, entries) };
}

function readProducts(file: string, entries: ProductEntry[]): ProductsDocument {
  const bundle = entries.find((entry) => entry.bundle);
  if (!bundle) throw new CatalogueError(`${file}: expected one product with bundle: true`);
  const sessions = entries.filter((entry) => entry.session);
  if (sessions.length > 1)
    throw new CatalogueError(`${file}: expected at most one session product`);
  const [session] = sessions;
  if (session?.bundle)
    throw new CatalogueError(`${file}: ${session.id} cannot be a bundle and a session`);
  return {
    bundle: {
      id: bundle.id,
      name: bundle.name ?? 'Complete Bundle',
      description: bundle.description ?? 'Every course in one enrollment.',
      priceCents: bundle.priceCents,
      ...(bundle.paymentPlan ? { paymentPlan: bundle.paymentPlan } : {}),
      comingSoon: false,
    },
    session: session
      ? {
          id: session.id,
          name: session.name ?? 'One-to-One Illumination Session',
          description: session.description ?? 'A private session by video call.',
          priceCents: session.priceCents,
          comingSoon: session.comingSoon,
        }
      : null,
  };
}

/**
 * The catalogue learners are served from published documents: retired lessons and prompts are
 * left out, so outlines and progress follow what is published. `sourceOf` names a course's
 * origin in an error (its file, or the course in the database).
 */
export function buildCatalogue(
  { courses: documents, products }: ContentDocuments,
  sourceOf: (courseId: string) => string = (courseId) => `course ${courseId}`,
): Catalogue {
  const courseIds = new Set(documents.map((document) => document.id));
  const bundle: Product = {
    ...products.bundle,
    courseIds: [...courseIds],
    isBundle: true,
    required: false,
    comingSoon: false,
  };
  const session: Product | null = products.session && {
    ...products.session,
    courseIds: [],
    isBundle: false,
    required: false,
  };
  const courses = documents.map((document) => {
    for (const prerequisite of document.prerequisites) {
      if (!courseIds.has(prerequisite)) {
        throw new CatalogueError(`${sourceOf(document.id)}: unknown prerequisite ${prerequisite}`);
      }
    }
    return toCourse(document, sourceOf(document.id));
  });

  // The programme's order: foundational, then core, then advanced.
  courses.sort(
    (a, b) =>
      courseLevels.indexOf(a.level) - courseLevels.indexOf(b.level) || a.id.localeCompare(b.id),
  );
  const byId = new Map(courses.map((course) => [course.id, course]));
  const productsById = new Map<string, Product>([
    ...courses.map((course) => [course.id, course.product] as const),
    [bundle.id, bundle],
    ...(session ? [[session.id, session] as const] : []),
  ]);
  return {
    courses,
    bundle,
    session,
    getCourse: (courseId) => byId.get(courseId),
    getProduct: (productId) => productsById.get(productId),
  };
}

/** A course as learners see it; fails naming `source` when a module has no lesson to show. */
export function toCourse(document: CourseDocument, source: string): Course {
  if (document.modules.length === 0)
    throw new CatalogueError(`${source}: the course has no module`);
  const modules: Module[] = document.modules.map((module, index) => {
    const lessons = module.lessons
      .filter((lesson) => !lesson.retired)
      .map((lesson, lessonIndex) => toLesson(module.id, lesson, lessonIndex + 1));
    if (lessons.length === 0)
      throw new CatalogueError(`${source}: module ${module.id} has no lessons`);
    return {
      id: module.id,
      title: module.title,
      description: module.description,
      order: index + 1,
      lessons,
      ...(module.opensAfterDays !== undefined ? { opensAfterDays: module.opensAfterDays } : {}),
      ...(module.opensOn !== undefined ? { opensOn: module.opensOn } : {}),
    };
  });
  const lessons = modules.flatMap((module) => module.lessons);
  return {
    id: document.id,
    title: document.title,
    description: document.description,
    level: document.level,
    prerequisites: document.prerequisites,
    ...(document.thumbnail
      ? { thumbnail: document.thumbnail, thumbnailAlt: document.thumbnailAlt ?? '' }
      : {}),
    overview: document.overview,
    modules,
    moduleCount: modules.length,
    lessonCount: lessons.length,
    durationSeconds: lessons.reduce((sum, lesson) => sum + lesson.duration, 0),
    product: {
      id: document.id,
      name: document.title,
      description: document.description,
      priceCents: document.priceCents,
      ...(document.paymentPlan ? { paymentPlan: document.paymentPlan } : {}),
      courseIds: [document.id],
      isBundle: false,
      required: document.required,
      comingSoon: document.comingSoon,
    },
  };
}

function toLesson(moduleId: string, lesson: LessonDocument, order: number): Lesson {
  const {
    retired: _retired,
    preview,
    reflectionPrompts,
    videoTitle,
    videoDuration,
    captions,
    ...fields
  } = lesson;
  const hasVideo = Boolean(lesson.vimeoVideoId ?? lesson.videoUrl);
  return {
    ...fields,
    ...(captions?.length ? { captions: captions.map(toCaptionTrack) } : {}),
    isPreview: preview ?? false,
    ...(hasVideo
      ? { videoTitle: videoTitle ?? lesson.title, ...(videoDuration ? { videoDuration } : {}) }
      : {}),
    moduleId,
    order,
    reflectionPrompts: reflectionPrompts
      .filter((prompt) => !prompt.retired)
      .map(({ id, question, isRequired }) => ({ id, question, isRequired })),
  };
}

/** A track as the lesson page gets it: the file read into cues once, when the course is built. */
function toCaptionTrack({ language, label, vtt }: CaptionTrackDocument): CaptionTrack {
  const reading = readWebVtt(vtt);
  // The document's schema refused a file without cues before anything was published.
  return { language, label, cues: 'cues' in reading ? reading.cues : [] };
}

async function readCourse(
  folder: string,
  productsFile: string,
  entries: ProductEntry[],
): Promise<CourseDocument> {
  const courseFile = path.join(folder, 'course.md');
  const { data, body } = await readMarkdown(courseFile);
  const { modules: moduleEntries, ...course } = parseFile(courseFile, courseFileSchema, data);
  if (course.id !== path.basename(folder)) {
    throw new CatalogueError(
      `${courseFile}: id ${course.id} must equal the folder name ${path.basename(folder)}`,
    );
  }
  const product = entries.find((entry) => entry.id === course.id && !entry.bundle);
  if (!product) throw new CatalogueError(`${productsFile}: no product for the course ${course.id}`);

  const modules: ModuleDocument[] = moduleEntries.map((module) => ({ ...module, lessons: [] }));
  const lessonsDir = path.join(folder, 'lessons');
  const lessonFiles = (await readdir(lessonsDir)).filter((name) => name.endsWith('.md')).sort();
  const seenLessonIds = new Set<string>();
  for (const name of lessonFiles) {
    const lessonFile = path.join(lessonsDir, name);
    const { moduleId, lesson } = await readLesson(lessonFile);
    const module = modules.find((candidate) => candidate.id === moduleId);
    if (!module) throw new CatalogueError(`${lessonFile}: unknown module ${moduleId}`);
    if (seenLessonIds.has(lesson.id))
      throw new CatalogueError(`${lessonFile}: duplicate lesson id ${lesson.id}`);
    seenLessonIds.add(lesson.id);
    module.lessons.push(lesson);
  }
  const emptyModule = modules.find((module) => module.lessons.length === 0);
  if (emptyModule)
    throw new CatalogueError(`${courseFile}: module ${emptyModule.id} has no lessons`);

  return parseFile(courseFile, courseDocumentSchema, {
    ...course,
    priceCents: product.priceCents,
    ...(product.paymentPlan ? { paymentPlan: product.paymentPlan } : {}),
    required: product.required,
    comingSoon: product.comingSoon,
    overview: body,
    modules,
  });
}

async function readLesson(file: string): Promise<{ moduleId: string; lesson: LessonDocument }> {
  const { data, body } = await readMarkdown(file);
  const { module, video, ...fields } = parseFile(file, lessonFileSchema, data);
  const lesson = parseFile(file, lessonDocumentSchema, {
    ...fields,
    ...(video ? { vimeoVideoId: video } : {}),
    content: body,
  });
  return { moduleId: module, lesson };
}

async function readMarkdown(file: string): Promise<{ data: unknown; body: string }> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new CatalogueError(`${file}: cannot be read`);
  });
  const match = text.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  if (!match) throw new CatalogueError(`${file}: expected front matter between --- lines`);
  try {
    return { data: parseYaml(match[1] ?? ''), body: (match[2] ?? '').trim() };
  } catch (error) {
    throw new CatalogueError(`${file}: invalid front matter: ${(error as Error).message}`);
  }
}

function parseFile<T>(file: string, schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new CatalogueError(`${file}: ${issue.path.join('.') || 'front matter'}: ${issue.message}`);
}
