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
