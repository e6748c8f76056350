import { authMessages } from '../../../shared/api/auth.ts';
import { ApiError } from '../../lib/api-client.ts';

/** The server's own message, or the spec's text for an unexpected failure. */
export function authErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : authMessages.unexpected;
}
