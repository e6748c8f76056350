import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { courseLevels, lessonTypes, type Product } from '../../shared/api/catalogue.ts';
import type { Catalogue, Course, Lesson, Module } from './catalogue.ts';

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

const kebabId = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected a kebab-case id');

const courseFileSchema = z.object({
  id: kebabId,
  title: z.string().min(1),
  description: z.string().min(1),
  level: z.enum(courseLevels),
  prerequisites: z.array(kebabId).default([]),
  thumbnail: z.string().optional(),
  modules: z
    .array(z.object({ id: kebabId, title: z.string().min(1), description: z.string().min(1) }))
    .min(1),
});

const lessonFileSchema = z.object({
  id: kebabId,
  module: kebabId,
  title: z.string().min(1),
  description: z.string().min(1),
  type: z.enum(lessonTypes),
  duration: z.number().int().positive(),
  video: z
    .string()
    .regex(/^\d{6,}$/, 'expected a Vimeo id: digits only, at least 6')
    .optional(),
  videoTitle: z.string().optional(),
  videoDuration: z
    .string()
    .regex(/^\d{1,3}:\d{2}$/, 'expected mm:ss')
    .optional(),
  reflectionPrompts: z.array(z.object({ id: kebabId, question: z.string().min(1) })).min(1),
});

const productsFileSchema = z.object({
  products: z.array(
    z.object({
      id: kebabId,
      name: z.string().optional(),
      description: z.string().optional(),
      priceCents: z.number().int().positive(),
      required: z.boolean().default(false),
      comingSoon: z.boolean().default(false),
      bundle: z.boolean().default(false),
      session: z.boolean().default(false),
    }),
  ),
});

/** Reads content/: every course, its lessons in file order, and the products. Fails naming the file. */
export async function loadCatalogue(contentDir: string): Promise<Catalogue> {
  const coursesDir = path.join(contentDir, 'courses');
  const folders = (await readdir(coursesDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const drafts = await Promise.all(
    folders.map((folder) => readCourse(path.join(coursesDir, folder))),
  );
  const productsFile = path.join(contentDir, 'products.yaml');
  const products = parseFile(
    productsFile,
    productsFileSchema,
    parseYaml(await readFile(productsFile, 'utf8')),
  );

  const courseIds = new Set(drafts.map((draft) => draft.id));
  const bundleEntry = products.products.find((product) => product.bundle);
  if (!bundleEntry)
    throw new CatalogueError(`${productsFile}: expected one product with bundle: true`);
  const bundle: Product = {
    id: bundleEntry.id,
    name: bundleEntry.name ?? 'Complete Bundle',
    description: bundleEntry.description ?? 'Every course in one enrollment.',
    priceCents: bundleEntry.priceCents,
    courseIds: [...courseIds],
    isBundle: true,
    required: false,
    comingSoon: false,
  };

  const session = readSessionProduct(productsFile, products.products);

  const courses: Course[] = drafts.map((draft) => {
    const entry = products.products.find((product) => product.id === draft.id && !product.bundle);
    if (!entry) throw new CatalogueError(`${productsFile}: no product for the course ${draft.id}`);
    for (const prerequisite of draft.prerequisites) {
      if (!courseIds.has(prerequisite)) {
        throw new CatalogueError(`${draft.file}: unknown prerequisite ${prerequisite}`);
      }
    }
    const { file: _file, ...course } = draft;
    return {
      ...course,
      product: {
        id: draft.id,
        name: draft.title,
        description: draft.description,
        priceCents: entry.priceCents,
        courseIds: [draft.id],
        isBundle: false,
        required: entry.required,
        comingSoon: entry.comingSoon,
      },
    };
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

type ProductEntry = z.infer<typeof productsFileSchema>['products'][number];

/** The one-to-one session: sold on its own with a chosen time, so it opens no course. */
function readSessionProduct(file: string, entries: ProductEntry[]): Product | null {
  const sessions = entries.filter((entry) => entry.session);
  if (sessions.length > 1)
    throw new CatalogueError(`${file}: expected at most one session product`);
  const [entry] = sessions;
  if (!entry) return null;
  if (entry.bundle)
    throw new CatalogueError(`${file}: ${entry.id} cannot be a bundle and a session`);
  return {
    id: entry.id,
    name: entry.name ?? 'One-to-One Illumination Session',
    description: entry.description ?? 'A private session by video call.',
    priceCents: entry.priceCents,
    courseIds: [],
    isBundle: false,
    required: false,
    comingSoon: entry.comingSoon,
  };
}

type CourseDraft = Omit<Course, 'product'> & { file: string };

async function readCourse(folder: string): Promise<CourseDraft> {
  const courseFile = path.join(folder, 'course.md');
  const { data, body } = await readMarkdown(courseFile);
  const course = parseFile(courseFile, courseFileSchema, data);
  if (course.id !== path.basename(folder)) {
    throw new CatalogueError(
      `${courseFile}: id ${course.id} must equal the folder name ${path.basename(folder)}`,
    );
  }

  const modules: Module[] = course.modules.map((module, index) => ({
    ...module,
    order: index + 1,
    lessons: [],
  }));
  const lessonsDir = path.join(folder, 'lessons');
  const lessonFiles = (await readdir(lessonsDir)).filter((name) => name.endsWith('.md')).sort();
  const seenLessonIds = new Set<string>();
  for (const name of lessonFiles) {
    const lessonFile = path.join(lessonsDir, name);
    const lesson = await readLesson(lessonFile);
    const module = modules.find((candidate) => candidate.id === lesson.moduleId);
    if (!module) throw new CatalogueError(`${lessonFile}: unknown module ${lesson.moduleId}`);
    if (seenLessonIds.has(lesson.id))
      throw new CatalogueError(`${lessonFile}: duplicate lesson id ${lesson.id}`);
    seenLessonIds.add(lesson.id);
    module.lessons.push({ ...lesson, order: module.lessons.length + 1 });
  }
  const emptyModule = modules.find((module) => module.lessons.length === 0);
  if (emptyModule)
    throw new CatalogueError(`${courseFile}: module ${emptyModule.id} has no lessons`);

  const lessons = modules.flatMap((module) => module.lessons);
  return {
    file: courseFile,
    id: course.id,
    title: course.title,
    description: course.description,
    level: course.level,
    prerequisites: course.prerequisites,
    ...(course.thumbnail ? { thumbnail: course.thumbnail } : {}),
    overview: body,
    modules,
    moduleCount: modules.length,
    lessonCount: lessons.length,
    durationSeconds: lessons.reduce((sum, lesson) => sum + lesson.duration, 0),
  };
}

async function readLesson(file: string): Promise<Lesson> {
  const { data, body } = await readMarkdown(file);
  const lesson = parseFile(file, lessonFileSchema, data);
  if (!body) throw new CatalogueError(`${file}: the lesson has no content`);
  return {
    id: lesson.id,
    moduleId: lesson.module,
    title: lesson.title,
    description: lesson.description,
    type: lesson.type,
    duration: lesson.duration,
    ...(lesson.video
      ? {
          vimeoVideoId: lesson.video,
          videoTitle: lesson.videoTitle ?? lesson.title,
          ...(lesson.videoDuration ? { videoDuration: lesson.videoDuration } : {}),
        }
      : {}),
    order: 0,
    content: body,
    reflectionPrompts: lesson.reflectionPrompts.map((prompt) => ({ ...prompt, isRequired: true })),
  };
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
