import { z } from 'zod';
import {
  reflectionActions,
  reflectionMessages,
  REFLECTION_MAX_LENGTH,
  isBlank,
} from '../rules/reflection.ts';
import { lessonSummarySchema, moduleOutlineSchema, reflectionPromptSchema } from './catalogue.ts';
import { videoSchema } from './video.ts';
import { safetyConcerns } from '../rules/companion.ts';

const id = z.string().min(1).max(100, { abort: true });

export const lessonParamsSchema = z.object({ courseId: id, moduleId: id, lessonId: id });
export type LessonParams = z.infer<typeof lessonParamsSchema>;

export const reflectionSchema = z.object({
  promptId: z.string(),
  response: z.string(),
  completed: z.boolean(),
  updatedAt: z.string(),
});
export type Reflection = z.infer<typeof reflectionSchema>;

export const savedReflectionSchema = reflectionSchema.extend({
  /** The text was judged at risk: the lesson page shows the help at once. */
  isAtRisk: z.boolean(),
  /** What the help answers, when at risk. */
  concern: z.enum(safetyConcerns).nullable(),
});
export type SavedReflection = z.infer<typeof savedReflectionSchema>;

/**
 * What a 409 `version_conflict` names as `current` (ApiErrorBody): the reflection the server holds,
 * and the `saveId` of the save that stored it (null when that save sent none). The browser that
 * sent that save knows it as its own, and is not told another device changed it (decision 041).
 */
export const heldReflectionSchema = reflectionSchema.extend({ saveId: z.string().nullable() });
export type HeldReflection = z.infer<typeof heldReflectionSchema>;

export const videoProgressSchema = z.object({
  /** The furthest point reached, 0–100. */
  percent: z.number().int().min(0).max(100),
  positionSeconds: z.number().int().nonnegative(),
  watched: z.boolean(),
});
export type VideoProgress = z.infer<typeof videoProgressSchema>;

/** A video file's captions in one language, as read from the creator's WebVTT file. */
export const captionTrackSchema = z.object({
  language: z.string(),
  label: z.string(),
  cues: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })),
});
export type CaptionTrack = z.infer<typeof captionTrackSchema>;

/** A lesson as its page shows it: the outline's fields, its content, prompts and captions. */
export const lessonViewSchema = lessonSummarySchema.extend({
  content: z.string(),
  reflectionPrompts: z.array(reflectionPromptSchema),
  captions: z.array(captionTrackSchema).optional(),
});
export type LessonView = z.infer<typeof lessonViewSchema>;

/** Everything the lesson viewer shows, in one answer. */
export const lessonPageSchema = z.object({
  course: z.object({ id: z.string(), title: z.string(), modules: z.array(moduleOutlineSchema) }),
  module: z.object({ id: z.string(), title: z.string() }),
  lesson: lessonViewSchema,
  video: videoSchema.nullable(),
  videoProgress: videoProgressSchema.nullable(),
  reflections: z.array(reflectionSchema),
  completedLessonIds: z.array(z.string()),
  watchedLessonIds: z.array(z.string()),
  /** Percent of the course's lessons completed. */
  progress: z.number().int().min(0).max(100),
  /** Paced release: the modules not open yet for this learner, with when each opens. */
  lockedModules: z.array(
    z.object({
      moduleId: z.string(),
      opensAt: z.string(),
      /** The day it opens (YYYY-MM-DD) in the creator's time zone. */
      opensOn: z.string(),
    }),
  ),
});
export type LessonPage = z.infer<typeof lessonPageSchema>;

/** A free preview lesson, as a visitor without an account sees it: the lesson, nothing of theirs. */
export const previewLessonSchema = lessonPageSchema.pick({
  course: true,
  module: true,
  lesson: true,
  video: true,
});
export type PreviewLesson = z.infer<typeof previewLessonSchema>;

export const previewMessages = {
  notAPreview: 'This lesson is not a free preview: enroll in the course to open it.',
} as const;

// Characters are code points; a code point is at most two UTF-16 units, so the bound comes first.
const responseText = z
  .string()
  .max(2 * REFLECTION_MAX_LENGTH, { message: reflectionMessages.tooLong, abort: true })
  .refine((text) => Array.from(text).length <= REFLECTION_MAX_LENGTH, reflectionMessages.tooLong);

/**
 * The version the text was written on: the `updatedAt` of the reflection as the writer last saw
 * it, null when they saw none. Omitted, the save is not checked and the last write wins.
 */
const basedOn = z
  .string()
  .max(40, { message: reflectionMessages.badVersion, abort: true })
  .pipe(z.iso.datetime({ offset: true, message: reflectionMessages.badVersion }))
  .nullable()
  .optional();

export const saveReflectionSchema = lessonParamsSchema
  .extend({
    promptId: id,
    response: responseText,
    action: z.enum(reflectionActions).default('save'),
    basedOn,
    /** The browser's id for this save: sent again (a lost answer, an outbox), it is stored once. */
    saveId: z
      .string()
      .max(36, { message: reflectionMessages.badSaveId, abort: true })
      .pipe(z.uuid({ message: reflectionMessages.badSaveId }))
      .optional(),
  })
  .superRefine((input, context) => {
    if (isBlank(input.response)) {
      context.addIssue({
        code: 'custom',
        path: ['response'],
        message:
          input.action === 'submit' ? reflectionMessages.blankSubmit : reflectionMessages.blankSave,
      });
    }
  });
export type SaveReflectionInput = z.input<typeof saveReflectionSchema>;

export const listReflectionsQuerySchema = lessonParamsSchema.extend({
  /** Someone else's reflections: admins only. */
  userId: z.string().min(1).max(100).optional(),
});

export const reflectionListSchema = z.object({ reflections: z.array(reflectionSchema) });

export const completeLessonSchema = lessonParamsSchema;

export const lessonCompletionSchema = z.object({
  completedLessonIds: z.array(z.string()),
  progress: z.number().int().min(0).max(100),
});
export type LessonCompletion = z.infer<typeof lessonCompletionSchema>;

export const startVideoSchema = lessonParamsSchema;

export const saveVideoProgressSchema = lessonParamsSchema
  .extend({
    positionSeconds: z.number().nonnegative().max(86_400),
    durationSeconds: z.number().positive().max(86_400),
  })
  .refine((input) => input.positionSeconds <= input.durationSeconds + 1, {
    path: ['positionSeconds'],
    message: 'expected a position within the video',
  });
export type SaveVideoProgressInput = z.infer<typeof saveVideoProgressSchema>;
