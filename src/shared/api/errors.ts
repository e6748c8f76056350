/** The codes the server answers with (`AppError` and the one error handler). */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'second_factor_needed'
  | 'not_found'
  | 'conflict'
  /** A save written on a version the server no longer holds: `current` is what it holds now. */
  | 'version_conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

/**
 * What the web client may find: the server's codes, `network` when no answer came, and `unknown`
 * when an answer came that was not ours (a proxy's error page, a body that is not JSON).
 */
export type ApiErrorCode = ErrorCode | 'network' | 'unknown';

/** The one error shape every API answer uses. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    /**
     * With `version_conflict`: what the server holds now, kept instead of what was sent, with the
     * id of the save that stored it (`HeldReflection` in learning.ts).
     */
    current?: unknown;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiErrorBody).error?.message === 'string' &&
    typeof (value as ApiErrorBody).error?.code === 'string'
  );
}
