import { z } from 'zod';
import { courseLevels } from '../rules/catalogue.ts';
import { emailSchema } from './auth.ts';

export const lessonTypes = ['video', 'practice', 'integration'] as const;

export const reflectionPromptSchema = z.object({
  id: z.string(),
  question: z.string(),
  isRequired: z.boolean(),
});

/** A lesson as outlines show it: everything but its content. */
export const lessonSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(lessonTypes),
  duration: z.number().int().nonnegative(),
  vimeoVideoId: z.string().optional(),
  /** A direct video file (https), played by the browser's own player. */
  videoUrl: z.string().optional(),
  videoTitle: z.string().optional(),
  videoDuration: z.string().optional(),
  order: z.number().int(),
  /** A free preview: open to anyone, without an account or a purchase. */
  isPreview: z.boolean(),
});
export type LessonSummary = z.infer<typeof lessonSummarySchema>;

export const moduleOutlineSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  order: z.number().int(),
  lessons: z.array(lessonSummarySchema),
  /** Paced release: opens this many days after the learner's start. */
  opensAfterDays: z.number().int().optional(),
  /** Paced release: opens on this day (YYYY-MM-DD). */
  opensOn: z.string().optional(),
});
export type ModuleOutline = z.infer<typeof moduleOutlineSchema>;

/** A product's payment plan: so many monthly payments adding up to its plan price. */
export const paymentPlanTermsSchema = z.object({
  count: z.number().int().min(2).max(12),
  priceCents: z.number().int().positive(),
});

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int().positive(),
  courseIds: z.array(z.string()),
  isBundle: z.boolean(),
  required: z.boolean(),
  comingSoon: z.boolean(),
  /** Also sold in monthly payments, when the creator set a plan. */
  paymentPlan: paymentPlanTermsSchema.optional(),
});
export type Product = z.infer<typeof productSchema>;

export const courseSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  level: z.enum(courseLevels),
  prerequisites: z.array(z.string()),
  thumbnail: z.string().optional(),
  thumbnailAlt: z.string().optional(),
  moduleCount: z.number().int(),
  lessonCount: z.number().int(),
  durationSeconds: z.number().int(),
  product: productSchema,
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const courseOutlineSchema = courseSummarySchema.extend({
  overview: z.string(),
  modules: z.array(moduleOutlineSchema),
});
export type CourseOutline = z.infer<typeof courseOutlineSchema>;

export const catalogueResponseSchema = z.object({
  courses: z.array(courseSummarySchema),
  bundle: productSchema,
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;

export const courseParamsSchema = z.object({ courseId: z.string().min(1).max(100) });

/** "Tell me when it opens": a signed-in learner sends nothing, a visitor their address. */
export const releaseNoticeRequestSchema = z.object({
  // Left empty, the route answers that an address is needed, in the notice's own words.
  email: z.literal('').or(emailSchema).optional(),
});
export const releaseNoticeResponseSchema = z.object({ message: z.string() });

export const releaseNoticeMessages = {
  emailRequired: 'Please enter your email address',
  alreadyOpen: (title: string) => `${title} is already open.`,
  saved: (title: string) => `We will write to you when ${title} opens.`,
  confirmationSent: (email: string) =>
    `Almost there: we sent a link to ${email}. Open it to confirm, and we will write to you when the course opens.`,
  linkNotValid: 'This confirmation link is not valid.',
} as const;

/** The link in the confirmation mail carries the request it confirms. */
export const releaseNoticeConfirmSchema = z.object({ token: z.string().min(1).max(200) });
