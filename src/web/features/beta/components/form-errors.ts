import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';

/** The first message of a failed parse of a shared schema. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Please check the form';
}

/** The server's message, or the spec's fallback words. */
export function failureMessage(failure: unknown, fallback: string): string {
  return failure instanceof ApiError && failure.code !== 'unknown' ? failure.message : fallback;
}
