import { ApiError } from '../../lib/api-client.ts';

/** Bad input shows the field's own message, a limit shows the server's, anything else the fallback. */
export function visitorErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status >= 500) return fallback;
  return Object.values(error.fields ?? {})[0] ?? error.message;
}
