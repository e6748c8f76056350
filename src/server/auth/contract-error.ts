import { codeForStatus, errorBody } from '../http/errors.ts';

/** Better Auth answers `{ code, message }`; the API contract is `{ error: { code, message } }`. */
export function toContractError(status: number, text: string, appUrl: string) {
  let message = 'The request could not be completed.';
  let code = '';
  let fields: Record<string, string> | undefined;
  try {
    const parsed = JSON.parse(text) as {
      message?: string;
      code?: string;
      fields?: Record<string, string>;
    };
    message = parsed.message ?? message;
    code = parsed.code ?? '';
    fields = parsed.fields;
  } catch {
    // Not JSON: keep the generic message.
  }
  // A signed-in learner asked for a confirmation link to someone else's address.
  if (code === 'EMAIL_MISMATCH') {
    return { status: 403, body: errorBody('forbidden', 'You can only confirm your own address.') };
  }
  // The page was opened at another address than APP_URL (pages are redirected; a form left open
  // from before, or an API client, is not).
  if (code === 'INVALID_ORIGIN') {
    return { status, body: errorBody('forbidden', originRefusalMessage(appUrl)) };
  }
  if (status === 422) return { status: 400, body: errorBody('bad_request', message) };
  return { status, body: errorBody(codeForStatus(status), message, fields) };
}

export function originRefusalMessage(appUrl: string): string {
  return `This site is at ${appUrl}: open it there and try again. If people reach it at another address, its operator sets APP_URL to that address.`;
}
