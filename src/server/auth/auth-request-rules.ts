import type { GenericEndpointContext } from 'better-auth';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  loginSchema,
  newPasswordSchema,
  sendConfirmationEmailSchema,
  signUpSchema,
  updateUserSchema,
} from '../../shared/api/auth.ts';
import { authMessages } from '../../shared/rules/auth.ts';
import {
  changePasswordSchema,
  deleteAccountSchema,
  recoveryCodeSchema,
  totpCodeSchema,
  twoFactorPasswordSchema,
} from '../../shared/api/account.ts';
import { SIGN_IN_MESSAGE } from '../http/errors.ts';
import { isCommonPassword } from './common-passwords.ts';

/** The web app's page that says how opening a confirmation link went. */
export const CONFIRM_EMAIL_PAGE = '/confirm-email';
/** The web app's page that sets a new password, where a reset link leads. */
export const RESET_PASSWORD_PAGE = '/reset-password';
/** Better Auth's door that a mailed reset link opens: it redirects to the link's `callbackURL`. */
const RESET_LINK_PATH = '/reset-password/:token';

interface RequestRule {
  /** The shared contract the body must meet, as the app's own forms do. */
  schema: z.ZodType;
  /** The field that carries a new password, refused when it is one of the common ones. */
  newPasswordField?: string;
  /**
   * The door serves a signed-in account: a visitor is told so (401) before anything about the
   * body. Signed out, Better Auth's send-verification-email would mail any address named.
   */
  isSignedInOnly?: boolean;
  /** What Better Auth is given instead of the body: only the fields the contract names. */
  toBetterAuthBody?: (valid: never) => Record<string, unknown>;
}

/**
 * Every Better Auth endpoint a client can call with a body, keyed by Better Auth's own path (so
 * no spelling of the URL escapes it). Any other endpoint takes no user field or is closed (see
 * auth-request-rules.routes.test.ts, which fails on an endpoint missing from both lists).
 */
export const requestRules: Record<string, RequestRule> = {
  '/sign-up/email': {
    schema: signUpSchema,
    newPasswordField: 'password',
    toBetterAuthBody: signUpBody,
  },
  '/sign-in/email': { schema: loginSchema },
  '/request-password-reset': {
    schema: forgotPasswordSchema,
    // A reset link always leads to our page that sets the new password.
    toBetterAuthBody: ({ email }: { email: string }) => ({
      email,
      redirectTo: RESET_PASSWORD_PAGE,
    }),
  },
  '/send-verification-email': {
    schema: sendConfirmationEmailSchema,
    isSignedInOnly: true,
    // A confirmation link always leads to our page that says how it went.
    toBetterAuthBody: ({ email }: { email: string }) => ({
      email,
      callbackURL: CONFIRM_EMAIL_PAGE,
    }),
  },
  '/reset-password': {
    schema: z.object({
      newPassword: newPasswordSchema,
      token: z.string().max(256).optional(),
    }),
    newPasswordField: 'newPassword',
  },
  '/change-password': {
    schema: changePasswordSchema,
    newPasswordField: 'newPassword',
    isSignedInOnly: true,
  },
  '/update-user': {
    schema: updateUserSchema,
    isSignedInOnly: true,
    toBetterAuthBody: (names: object) => ({ ...names }),
  },
  '/verify-password': { schema: deleteAccountSchema, isSignedInOnly: true },
  '/two-factor/enable': { schema: twoFactorPasswordSchema, isSignedInOnly: true },
  '/two-factor/disable': { schema: twoFactorPasswordSchema, isSignedInOnly: true },
  '/two-factor/generate-backup-codes': { schema: twoFactorPasswordSchema, isSignedInOnly: true },
  '/two-factor/get-totp-uri': { schema: twoFactorPasswordSchema, isSignedInOnly: true },
  '/two-factor/verify-totp': { schema: totpCodeSchema },
  '/two-factor/verify-backup-code': { schema: recoveryCodeSchema },
};

/** Better Auth keeps a display name; ours is built from the first and last name. */
function signUpBody({ firstName, lastName, email, password }: z.output<typeof signUpSchema>) {
  return {
    firstName,
    lastName,
    email,
    password,
    name: `${firstName} ${lastName}`,
    callbackURL: CONFIRM_EMAIL_PAGE,
  };
}

/**
 * Better Auth's `hooks.before`: every request that reaches an endpoint, through the mount or as
 * a server call made for a client, meets the rules of its door first. Only the app's own calls
 * for no client (the ADMIN_EMAIL account at start) carry neither a request nor headers.
 */
export async function applyRequestRules(ctx: GenericEndpointContext): Promise<void> {
  // Whatever a reset link's query says: Better Auth builds its redirect from the callbackURL, and
  // one that is not a URL made it throw (a 500 the fuzz test found).
  if (ctx.path === RESET_LINK_PATH && ctx.query) ctx.query.callbackURL = RESET_PASSWORD_PAGE;
  const rule = ctx.path ? requestRules[ctx.path] : undefined;
  if (!rule || (!ctx.request && !ctx.headers)) return;
  if (rule.isSignedInOnly && !(await getSessionFromCtx(ctx, { disableRefresh: true }))) {
    throw new APIError('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: SIGN_IN_MESSAGE });
  }
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const result = rule.schema.safeParse(body);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues)
      fields[issue.path.join('.') || 'body'] ??= issue.message;
    throw refused(result.error.issues[0]?.message ?? 'Invalid request', fields);
  }
  const field = rule.newPasswordField;
  const password = field ? body[field] : undefined;
  if (field && typeof password === 'string' && isCommonPassword(password)) {
    throw refused(authMessages.passwordTooCommon, { [field]: authMessages.passwordTooCommon });
  }
  if (rule.toBetterAuthBody) replaceBody(body, rule.toBetterAuthBody(result.data as never));
}

/** A refusal in Better Auth's shape that keeps the fields for the API contract. */
function refused(message: string, fields: Record<string, string>) {
  return new APIError('BAD_REQUEST', { code: 'INVALID_INPUT', message, fields });
}

/** In place: a hook's returned body is merged with the client's, so unnamed fields would stay. */
function replaceBody(body: Record<string, unknown>, replacement: Record<string, unknown>) {
  for (const key of Object.keys(body)) delete body[key];
  Object.assign(body, replacement);
}
