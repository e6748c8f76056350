import { z } from 'zod';

/** A job every attempt of which failed: kept for an admin to try again or discard. */
export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  /** What the job is about, in a line (a mail's subject and address, say). */
  summary: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobListSchema = z.object({ jobs: z.array(failedJobSchema) });
export type FailedJobList = z.infer<typeof failedJobListSchema>;

export const failedJobParamsSchema = z.object({
  id: z
    .string()
    .max(36, { message: 'id must be a job id', abort: true })
    .pipe(z.uuid({ message: 'id must be a job id' })),
});

export const jobMessages = {
  notFound: 'No failed job with this id: it may have been retried or discarded already.',
} as const;

const testClockMessage = 'now must be a date and time such as 2027-01-28T10:00:00Z';
/** The end-to-end journeys' movable clock (TEST_CLOCK=on, payment test mode only): one tick at `now`. */
export const testClockTickSchema = z.object({
  now: z
    .string({ message: testClockMessage })
    .max(40, { message: testClockMessage, abort: true })
    .refine((value) => !Number.isNaN(Date.parse(value)), testClockMessage),
  /** Only these tasks of the clock (by name): a journey moves its own work, not its neighbours'. */
  tasks: z
    .array(z.string().max(100, { message: 'tasks must be names of clock tasks', abort: true }), {
      message: 'tasks must be a list of names of clock tasks',
    })
    .max(20, { message: 'tasks must name at most 20 clock tasks', abort: true })
    .optional(),
});
export type TestClockTick = z.infer<typeof testClockTickSchema>;
