import { ApiError, messageOf } from './api-client.ts';

/**
 * How the server refused a save of an admin-edited document that carries a version (the
 * settings, an AI prompt, a course draft): the two refusals each editor answers in its own way.
 */
export interface SaveRefusal {
  /** 409: another admin saved since; the message names who and when, and nothing was overwritten. */
  conflict: ApiError | null;
  /** 400: the server's words for what it refused, for the editor to show by the field. */
  fieldError: string | undefined;
}

/** Reads a save's error as a refusal; anything else (offline, 5xx) is neither. */
export function saveRefusalOf(error: unknown, fallback: string): SaveRefusal {
  const refusal = error instanceof ApiError ? error : null;
  return {
    conflict: refusal?.status === 409 ? refusal : null,
    fieldError: refusal?.status === 400 ? messageOf(refusal, fallback) : undefined,
  };
}
