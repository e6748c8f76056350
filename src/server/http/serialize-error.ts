import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';

/**
 * Errors in the log without a statement's parameters or PostgreSQL's detail: they carry
 * encrypted text, user ids and email addresses. The statement and the cause stay.
 */
interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(error: Error): SerializedError {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause as { message?: string; code?: string } | undefined;
    return {
      type: 'DrizzleQueryError',
      message: `Failed query: ${error.query}`,
      cause: cause ? { message: cause.message, code: cause.code } : undefined,
      stack: error.stack?.split('\n').slice(1).join('\n') ?? '',
    };
  }
  const serialized = pino.stdSerializers.err(error) as SerializedError;
  delete serialized.detail;
  delete serialized.parameters;
  return serialized;
}
