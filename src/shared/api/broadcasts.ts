import { z } from 'zod';

/** Who a broadcast goes to (issue 34, item 5). */
export const broadcastSegments = [
  'newsletter',
  'learners',
  'course-buyers',
  'beta-testers',
  'awaiting-course',
] as const;
export type BroadcastSegment = (typeof broadcastSegments)[number];
export const broadcastSegmentLabels: Record<BroadcastSegment, string> = {
  newsletter: 'Newsletter subscribers',
  learners: 'All learners',
  'course-buyers': 'Buyers of a course',
  'beta-testers': 'Beta testers',
  'awaiting-course': 'Those awaiting a course',
};
/** The segments that name a course. */
export const courseSegments: readonly BroadcastSegment[] = ['course-buyers', 'awaiting-course'];

export const broadcastStatuses = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type BroadcastStatus = (typeof broadcastStatuses)[number];

export const broadcastDraftSchema = z
  .object({
    subject: z
      .string()
      .trim()
      .min(1, 'subject is required')
      .max(200, { message: 'subject is too long', abort: true }),
    body: z
      .string()
      .trim()
      .min(1, 'the letter is empty')
      .max(20_000, { message: 'the letter is too long', abort: true }),
    segment: z.enum(broadcastSegments, { message: 'expected one of the segments' }),
    courseId: z.string().max(100, { message: 'courseId is too long', abort: true }).optional(),
  })
  .refine((draft) => !courseSegments.includes(draft.segment) || Boolean(draft.courseId), {
    message: 'this segment needs a course',
    path: ['courseId'],
  });
export type BroadcastDraft = z.infer<typeof broadcastDraftSchema>;

export const scheduleBroadcastSchema = z.object({
  draft: broadcastDraftSchema,
  sendAt: z
    .string()
    .max(40, 'expected a date and time')
    .pipe(z.iso.datetime({ offset: true, message: 'expected a date and time' })),
});
export type ScheduleBroadcastInput = z.infer<typeof scheduleBroadcastSchema>;

export const broadcastPreviewSchema = z.object({
  recipients: z.number().int().nonnegative(),
  subject: z.string(),
  text: z.string(),
});
export type BroadcastPreview = z.infer<typeof broadcastPreviewSchema>;

export const broadcastTestSentSchema = z.object({ sentTo: z.string() });

export const broadcastSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  segment: z.enum(broadcastSegments),
  courseId: z.string().nullable(),
  sendAt: z.string(),
  status: z.enum(broadcastStatuses),
  handed: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;
export const broadcastListSchema = z.object({ broadcasts: z.array(broadcastSchema) });
export const broadcastParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
