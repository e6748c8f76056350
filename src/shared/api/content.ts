import { z } from 'zod';
import { courseLevels } from '../rules/catalogue.ts';
import { lessonTypes } from './catalogue.ts';
import { PLAN_MAX_PAYMENTS, PLAN_MIN_PAYMENTS } from '../rules/payment-plans.ts';
import { PACING_MAX_DAYS, pacingMessages } from '../rules/paced-release.ts';
import {
  CAPTION_FILE_MAX_LENGTH,
  CAPTION_TRACKS_MAX,
  captionFileTooLong,
  readWebVtt,
} from '../rules/webvtt.ts';

/**
 * The programme as the admin edits it (issue 24): one document per course, validated by this one
 * schema on the server (drafts, publishing, `content:import`) and in the web editor.
 */

const idMessage = 'expected a kebab-case id (lowercase letters, digits and single dashes)';
export const contentIdSchema = z
  .string()
  .max(80, { message: 'an id has at most 80 characters', abort: true })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, idMessage);

// Each maximum aborts, so no later check (a trim, a rule across the lesson) meets a longer text.
const line = (max: number) =>
  z
    .string()
    .max(max, { message: `must be at most ${max} characters`, abort: true })
    .trim()
    .min(1, 'must not be empty');
const markdown = z
  .string()
  .max(100_000, { message: 'must be at most 100,000 characters', abort: true })
  .trim();
const dateMessage = 'expected a date as YYYY-MM-DD';

export const reflectionPromptDocumentSchema = z.object({
  id: contentIdSchema,
  question: line(1_000),
  isRequired: z.boolean().default(true),
  /** Hidden from learners; the answers already given stay in their workbook and export. */
  retired: z.boolean().optional(),
});
export type ReflectionPromptDocument = z.infer<typeof reflectionPromptDocumentSchema>;

export const vimeoIdSchema = z
  .string()
  .max(20, { message: 'expected a Vimeo id: digits only, at least 6', abort: true })
  .regex(/^\d{6,20}$/, 'expected a Vimeo id: digits only, at least 6');
const videoUrlMessage = 'expected the https address of a video file';
export const videoUrlSchema = z
  .string()
  .max(2_000, { message: videoUrlMessage, abort: true })
  .regex(/^https:\/\/[^\s/]+\/\S*$/, videoUrlMessage);
export const videoDurationSchema = z
  .string()
  .max(6, { message: 'expected mm:ss', abort: true })
  .regex(/^\d{1,3}:\d{2}$/, 'expected mm:ss');

const languageMessage = 'expected a language tag such as en, de or pt-BR';
/** A video file's captions in one language: a WebVTT file, read (and refused) at save. */
export const captionTrackDocumentSchema = z.object({
  language: z
    .string()
    .max(20, { message: languageMessage, abort: true })
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, languageMessage),
  /** The language's name as the player's captions menu and the transcript show it. */
  label: line(100),
  vtt: z
    .string()
    .max(CAPTION_FILE_MAX_LENGTH, {
      message: captionFileTooLong,
      abort: true,
    })
    .superRefine((file, context) => {
      const reading = readWebVtt(file);
      if ('error' in reading) context.addIssue({ code: 'custom', message: reading.error });
    }),
});
export type CaptionTrackDocument = z.infer<typeof captionTrackDocumentSchema>;

/** A lesson's fields; `lessonDocumentSchema` adds the rule across them. */
export const lessonFieldsSchema = z.object({
  id: contentIdSchema,
  title: line(200),
  description: line(2_000),
  type: z.enum(lessonTypes),
  /** Seconds. */
  duration: z.number().int().positive().max(86_400),
  content: markdown.min(1, 'the lesson has no content'),
  vimeoVideoId: vimeoIdSchema.optional(),
  videoUrl: videoUrlSchema.optional(),
  videoTitle: line(200).optional(),
  videoDuration: videoDurationSchema.optional(),
  /** For a video file only: Vimeo's player shows the captions kept at Vimeo. */
  captions: z.array(captionTrackDocumentSchema).max(CAPTION_TRACKS_MAX).optional(),
  retired: z.boolean().optional(),
  /** A free preview: anyone may open it, without an account or a purchase. */
  preview: z.boolean().optional(),
  reflectionPrompts: z.array(reflectionPromptDocumentSchema).max(50),
});
export const lessonDocumentSchema = lessonFieldsSchema
  .refine((lesson) => !(lesson.vimeoVideoId && lesson.videoUrl), {
    message: 'a lesson has a Vimeo id or a video address, not both',
    path: ['videoUrl'],
  })
  .refine((lesson) => !lesson.captions?.length || lesson.videoUrl, {
    message: 'captions are for a video file: a Vimeo video keeps the captions set at Vimeo',
    path: ['captions'],
  })
  .refine(
    (lesson) => {
      const languages = (lesson.captions ?? []).map((track) => track.language);
      return new Set(languages).size === languages.length;
    },
    { message: 'each language has one captions file', path: ['captions'] },
  );
export type LessonDocument = z.infer<typeof lessonDocumentSchema>;

/** Paced release: a module opens at once (neither field), some days after the learner's start, or on a date. */
export const modulePacingFieldsSchema = z.object({
  opensAfterDays: z
    .number(pacingMessages.days)
    .int(pacingMessages.days)
    .min(1, pacingMessages.days)
    .max(PACING_MAX_DAYS, pacingMessages.days)
    .optional(),
  opensOn: z
    .string(pacingMessages.date)
    .max(10, { message: pacingMessages.date, abort: true })
    .pipe(z.iso.date(pacingMessages.date))
    .optional(),
});
const moduleFieldsSchema = z
  .object({
    id: contentIdSchema,
    title: line(200),
    description: line(2_000),
    lessons: z.array(lessonDocumentSchema).max(200),
  })
  .extend(modulePacingFieldsSchema.shape);
const oneOpening = (module: { opensAfterDays?: number; opensOn?: string }) =>
  module.opensAfterDays === undefined || module.opensOn === undefined;
export const moduleDocumentSchema = moduleFieldsSchema.refine(oneOpening, {
  message: pacingMessages.both,
  path: ['opensOn'],
});
/** The folder format's module entry in course.md: the module without its lessons. */
export const moduleEntrySchema = moduleFieldsSchema
  .omit({ lessons: true })
  .refine(oneOpening, { message: pacingMessages.both, path: ['opensOn'] });
export type ModuleDocument = z.infer<typeof moduleDocumentSchema>;

const pictureMessage = 'expected an https address, or a path on this site starting with /';
/** A course's picture: at an https address, or a file this site serves (a path from its root). */
export const pictureUrlSchema = z
  .string()
  .max(2_000, { message: pictureMessage, abort: true })
  .regex(/^(https:\/\/[^\s/]+\/|\/(?![/\\]))\S*$/, pictureMessage);

/** Sold also in monthly payments: how many (2 to 12), and what they add up to. */
export const paymentPlanDocumentSchema = z.object({
  count: z
    .number('the number of payments must be a whole number')
    .int('the number of payments must be a whole number')
    .min(PLAN_MIN_PAYMENTS, `a plan has ${PLAN_MIN_PAYMENTS} to ${PLAN_MAX_PAYMENTS} payments`)
    .max(PLAN_MAX_PAYMENTS, `a plan has ${PLAN_MIN_PAYMENTS} to ${PLAN_MAX_PAYMENTS} payments`),
  priceCents: z.number().int().positive('the plan needs a price').max(100_000_000),
});

/** A course's fields; `courseDocumentSchema` adds the rule across them. */
export const courseFieldsSchema = z.object({
  id: contentIdSchema,
  title: line(200),
  description: line(2_000),
  level: z.enum(courseLevels),
  prerequisites: z.array(contentIdSchema).max(20).default([]),
  priceCents: z.number().int().positive().max(100_000_000),
  paymentPlan: paymentPlanDocumentSchema.optional(),
  /** Cannot be unticked in the purchase form. */
  required: z.boolean().default(false),
  comingSoon: z.boolean().default(false),
  releaseDate: z
    .string()
    .max(10, { message: dateMessage, abort: true })
    .pipe(z.iso.date(dateMessage))
    .optional(),
  /** The course's picture, on its page, cards and in links shared elsewhere. */
  thumbnail: pictureUrlSchema.optional(),
  /** What the picture shows, for those who cannot see it. */
  thumbnailAlt: line(300).optional(),
  /** The course page's Markdown. */
  overview: markdown,
  modules: z.array(moduleDocumentSchema).max(100),
});
export const courseDocumentSchema = courseFieldsSchema.refine(
  (course) => !course.thumbnail || Boolean(course.thumbnailAlt),
  { message: 'a picture needs a text saying what it shows', path: ['thumbnailAlt'] },
);
export type CourseDocument = z.infer<typeof courseDocumentSchema>;

/** The products that are not one course: the bundle of every course, and the one-to-one session. */
const productDocumentSchema = z.object({
  id: contentIdSchema,
  name: line(200),
  description: line(2_000),
  priceCents: z.number().int().positive().max(100_000_000),
  paymentPlan: paymentPlanDocumentSchema.optional(),
  comingSoon: z.boolean().default(false),
});
export const productsDocumentSchema = z.object({
  bundle: productDocumentSchema,
  session: productDocumentSchema.nullable(),
});
export type ProductsDocument = z.infer<typeof productsDocumentSchema>;

// The admin API (/api/admin/content).

export const contentCourseParamsSchema = z.object({ courseId: contentIdSchema });
export const contentVersionParamsSchema = contentCourseParamsSchema.extend({
  version: z.coerce.number().int().positive().max(1_000_000),
});
export const contentPreviewParamsSchema = contentCourseParamsSchema.extend({
  lessonId: contentIdSchema,
});

export const contentCourseListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  draftVersion: z.number().int(),
  publishedVersion: z.number().int().nullable(),
  hasUnpublishedChanges: z.boolean(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type ContentCourseListItem = z.infer<typeof contentCourseListItemSchema>;
export const contentCourseListSchema = z.object({ courses: z.array(contentCourseListItemSchema) });

export const createCourseBodySchema = z.object({ id: contentIdSchema, title: line(200) });
export type CreateCourseBody = z.infer<typeof createCourseBodySchema>;

const versionSchema = z
  .number('version must be a whole number')
  .int('version must be a whole number')
  .min(1, 'version must be 1 or more');

export const courseDraftSchema = z.object({
  draft: courseDocumentSchema,
  version: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.string(),
  publishedVersion: z.number().int().nullable(),
});
export type CourseDraft = z.infer<typeof courseDraftSchema>;

/** A save names the draft version it was made from; a newer one refuses it (409). */
export const saveCourseDraftBodySchema = z.object({
  version: versionSchema,
  draft: courseDocumentSchema,
});
export type SaveCourseDraftBody = z.infer<typeof saveCourseDraftBodySchema>;

export const publishCourseBodySchema = z.object({ version: versionSchema });
export type PublishCourseBody = z.infer<typeof publishCourseBodySchema>;

export const publishedVersionSchema = z.object({
  version: z.number().int(),
  publishedBy: z.string(),
  publishedAt: z.string(),
  title: z.string(),
});
export type PublishedVersion = z.infer<typeof publishedVersionSchema>;
export const publishedVersionsSchema = z.object({ versions: z.array(publishedVersionSchema) });

export const contentChangeSchema = z.object({
  id: z.string(),
  changedAt: z.string(),
  changedBy: z.string(),
  courseId: z.string(),
  action: z.enum(['created', 'saved', 'published', 'restored', 'imported']),
  detail: z.string(),
});
export type ContentChange = z.infer<typeof contentChangeSchema>;
export const contentChangesSchema = z.object({ changes: z.array(contentChangeSchema) });

export const contentMessages = {
  idTaken: (id: string) => `A course with the id ${id} already exists.`,
  courseNotFound: 'Course not found',
  lessonNotFound: 'Lesson not found in this draft',
  versionNotFound: 'That published version does not exist',
  versionConflict: (name: string, when: string) =>
    `${name} changed this course at ${when}. Reload to see their changes.`,
  lessonHasWork: (lessonId: string) =>
    `The lesson ${lessonId} has learners' answers or progress: retire it instead of removing it.`,
  promptHasAnswers: (promptId: string) =>
    `The reflection prompt ${promptId} has learners' answers: retire it instead of removing it.`,
} as const;

// Course pictures (issue 36.1): uploaded as the file's bytes, served from the site itself.

/** Where an uploaded picture is served: named by its SHA-256, so the address never changes. */
export const PICTURES_PATH = '/media/pictures';
/** Any name under the path: one that names no stored picture is not found (404), like any file. */
export const pictureFileParamsSchema = z.object({
  file: z.string().max(80, { message: 'expected a picture file name', abort: true }),
});

export const uploadedPictureSchema = z.object({
  /** The picture's path on this site, for the course's `thumbnail`. */
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedPicture = z.infer<typeof uploadedPictureSchema>;
