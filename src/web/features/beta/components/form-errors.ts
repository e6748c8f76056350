import type { z } from 'zod';

/** The first message of a failed parse of a shared schema. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Please check the form';
}
