import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  authMessages,
  loginSchema,
  resetPasswordSchema,
  sendConfirmationEmailSchema,
  signUpSchema,
  forgotPasswordSchema,
} from '../../shared/api/auth.ts';
import {
  recoveryCodeSchema,
  totpCodeSchema,
  twoFactorPasswordSchema,
} from '../../shared/api/account.ts';
import { codeForStatus, errorBody } from '../http/errors.ts';
import { requireUser } from '../http/guards.ts';
import { getSessionUser } from './session-user.ts';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';
import { isCommonPassword } from './common-passwords.ts';

/** Requests the shared contract validates before Better Auth sees them. */
export const authBodySchemas: Record<string, z.ZodType> = {
  '/api/auth/sign-up/email': signUpSchema,
  '/api/auth/sign-in/email': loginSchema,
  '/api/auth/request-password-reset': forgotPasswordSchema,
  '/api/auth/send-verification-email': sendConfirmationEmailSchema,
  '/api/auth/reset-password': resetPasswordSchema,
  '/api/auth/two-factor/enable': twoFactorPasswordSchema,
  '/api/auth/two-factor/disable': twoFactorPasswordSchema,
  '/api/auth/two-factor/generate-backup-codes': twoFactorPasswordSchema,
  '/api/auth/two-factor/verify-totp': totpCodeSchema,
  '/api/auth/two-factor/verify-backup-code': recoveryCodeSchema,
};

export async function authRoutes(app: FastifyInstance, { auth }: { auth: Auth }) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // Account forms carry a few short fields.
    bodyLimit: 16 * 1024,
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (signedInOnly.has(path)) await requireUser(request, reply);
      const invalid = validate(path, request.body);
      if (invalid) return reply.status(400).send(invalid);
      const response = await auth.handler(toWebRequest(request, path));
      return sendWebResponse(reply, response);
    },
  });

  app.get('/api/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: await getSessionUser(request, reply) };
  });
}

/** The web app's page that says how opening a confirmation link went. */
const CONFIRM_EMAIL_PAGE = '/confirm-email';

/**
 * A new confirmation link goes to the signed-in learner's own address only: signed out, Better
 * Auth would mail any unconfirmed address a stranger names.
 */
const signedInOnly = new Set(['/api/auth/send-verification-email']);

/** Where each request that sets a password carries it. */
const newPasswordFields: Record<string, string> = {
  '/api/auth/sign-up/email': 'password',
  '/api/auth/reset-password': 'newPassword',
  '/api/auth/change-password': 'newPassword',
};

function validate(path: string, body: unknown) {
  const schema = authBodySchemas[path];
  if (!schema) return undefined;
  const result = schema.safeParse(asFormInput(path, body ?? {}));
  if (result.success) return refuseCommonPassword(path, body);
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  return errorBody('bad_request', result.error.issues[0]?.message ?? 'Invalid request', fields);
}

function refuseCommonPassword(path: string, body: unknown) {
  const field = newPasswordFields[path];
  const password = field ? (body as Record<string, unknown>)[field] : undefined;
  if (typeof password !== 'string' || !isCommonPassword(password)) return undefined;
  return errorBody('bad_request', authMessages.passwordTooCommon, {
    [field!]: authMessages.passwordTooCommon,
  });
}

// Better Auth's reset endpoint takes { newPassword, token }; the rules are the reset form's.
function asFormInput(path: string, body: unknown): unknown {
  if (path !== '/api/auth/reset-password') return body;
  const { newPassword } = body as { newPassword?: unknown };
  return { password: newPassword, confirmPassword: newPassword };
}

function toWebRequest(request: FastifyRequest, path: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // Behind the mount Better Auth would see one shared address; it gets the real client's.
  headers.set(CLIENT_IP_HEADER, request.ip);
  const body =
    request.method === 'GET' || request.body === undefined
      ? undefined
      : asBetterAuthBody(path, request.body);
  if (body !== undefined) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), {
    method: request.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Better Auth keeps a display name; ours is built from the first and last name. A confirmation
 * link always leads to our page that says how it went, whatever the caller asked for.
 */
function asBetterAuthBody(path: string, body: unknown): unknown {
  if (path === '/api/auth/send-verification-email') {
    const { email } = body as Record<string, string>;
    return { email, callbackURL: CONFIRM_EMAIL_PAGE };
  }
  if (path !== '/api/auth/sign-up/email') return body;
  const { firstName, lastName, email, password } = body as Record<string, string>;
  const first = firstName?.trim() ?? '';
  const last = lastName?.trim() ?? '';
  return {
    firstName: first,
    lastName: last,
    email,
    password,
    callbackURL: CONFIRM_EMAIL_PAGE,
    name: `${first} ${last}`,
  };
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status < 400) {
    return reply.status(response.status).send(text ? withoutSessionToken(text) : null);
  }
  const { status, body } = toContractError(response.status, text);
  return reply.status(status).header('content-type', 'application/json').send(body);
}

/**
 * The session token lives in its HttpOnly cookie only: no script may read it from an answer, a
 * list of sessions (list-sessions) included.
 */
function withoutSessionToken(text: string): string {
  if (!text.startsWith('{') && !text.startsWith('[')) return text;
  type Answer = { token?: unknown; session?: { token?: unknown } | null } | null;
  const body = JSON.parse(text) as Answer | Answer[];
  for (const answer of [body].flat()) {
    if (!answer || typeof answer !== 'object') continue;
    delete answer.token;
    if (answer.session) delete answer.session.token;
  }
  return JSON.stringify(body);
}

/** Better Auth answers `{ code, message }`; the API contract is `{ error: { code, message } }`. */
function toContractError(status: number, text: string) {
  let message = 'The request could not be completed.';
  let code = '';
  try {
    const parsed = JSON.parse(text) as { message?: string; code?: string };
    message = parsed.message ?? message;
    code = parsed.code ?? '';
  } catch {
    // Not JSON: keep the generic message.
  }
  // A signed-in learner asked for a confirmation link to someone else's address.
  if (code === 'EMAIL_MISMATCH') {
    return { status: 403, body: errorBody('forbidden', 'You can only confirm your own address.') };
  }
  if (status === 422) {
    const isDuplicate = code.includes('ALREADY_EXISTS');
    return {
      status: isDuplicate ? 409 : 400,
      body: errorBody(isDuplicate ? 'conflict' : 'bad_request', message),
    };
  }
  return { status, body: errorBody(codeForStatus(status), message) };
}
