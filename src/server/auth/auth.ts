import { betterAuth, type GenericEndpointContext } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { settingsMessages } from '../../shared/rules/settings.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  accounts,
  rateLimits,
  sessions,
  twoFactors,
  users,
  verifications,
} from '../db/schema/auth.ts';
import type { Mailer } from '../mail/send-mail.ts';
import { createProfile } from '../users/users.ts';
import { afterEmailConfirmed } from './after-email-confirmed.ts';
import { applyRequestRules } from './auth-request-rules.ts';
import { existingAccountEmail } from './existing-account-email.ts';
import { countGuess, forgiveRightGuess } from './guess-limits.ts';
import { withholdSessionFromSecondFactorAccounts } from './second-factor.ts';
import { refuseReplayedTotp } from './totp-replay.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { refuseDisabledAccount } from './refuse-disabled-account.ts';
import { resetPasswordEmail } from './reset-password-email.ts';
import { verifyEmailEmail } from './verify-email-email.ts';

/** The header our Fastify mount sets from the real client address (never from the client). */
export const CLIENT_IP_HEADER = 'x-sovereign-client-ip';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

export interface AuthHooks {
  /** After every new session (sign-up itself opens none); a failure is logged, never blocks it. */
  onSignedIn?: (userId: string) => Promise<unknown>;
  /** Once an account has confirmed its address. */
  onEmailConfirmed?: (userId: string) => Promise<unknown>;
  /** Whether a visitor may open one more account (the operator's maximum number of users). */
  mayOpenAccount?: () => Promise<boolean>;
}

export function createAuth(
  config: Config,
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
  hooks: AuthHooks = {},
) {
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      transaction: true,
      schema: { users, sessions, accounts, verifications, rateLimits, twoFactors },
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      // A new account signs in by opening the link mailed to it, so that sign-up can answer a
      // known address exactly as a new one (Better Auth's generic answer) and mail its owner.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        void mailer
          .send(existingAccountEmail(user.email, config.appUrl))
          .catch((error: unknown) => {
            log.error({ err: error }, 'could not send the existing-account email');
          });
      },
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: {
        hash: (password) => hashPassword(password, config.passwordHashing),
        verify: verifyPassword,
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * MINUTE,
      sendResetPassword: async ({ user, url }) => {
        // Not awaited: the answer must not take longer when the account exists.
        void mailer.send(resetPasswordEmail(user.email, url)).catch((error: unknown) => {
          log.error({ err: error }, 'could not send the password reset email');
        });
      },
    },
    // An account proves its address before it can buy or be made an admin.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      afterEmailVerification: afterEmailConfirmed(hooks.onEmailConfirmed, log),
      sendVerificationEmail: async ({ user, url }) => {
        void mailer.send(verifyEmailEmail(user.email, url)).catch((error: unknown) => {
          log.error({ err: error }, 'could not send the email verification');
        });
      },
    },
    // Reset tokens are kept as hashes: a database dump cannot reset anyone's password.
    verification: { storeIdentifier: 'hashed' },
    session: {
      expiresIn: 7 * DAY,
      updateAge: DAY,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: MINUTE,
      max: 100,
      customRules: {
        '/sign-in/email': { window: MINUTE, max: 10 },
        '/sign-up/email': { window: 10 * MINUTE, max: 10 },
        '/request-password-reset': { window: 10 * MINUTE, max: 5 },
        '/send-verification-email': { window: 10 * MINUTE, max: 5 },
        '/reset-password': { window: 10 * MINUTE, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.appUrl.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await applyRequestRules(ctx);
        await refuseSignUpWhenFull(ctx, hooks.mayOpenAccount);
        await countGuess(db, ctx);
        await refuseReplayedTotp(db, ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        await forgiveRightGuess(db, ctx);
        await withholdSessionFromSecondFactorAccounts(ctx);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createProfile(db, user.id);
          },
        },
      },
      session: {
        create: {
          before: refuseDisabledAccount(db),
          after: async (session) => {
            await hooks.onSignedIn?.(session.userId).catch((error: unknown) => {
              log.error({ err: error, userId: session.userId }, 'the sign-in hook failed');
            });
          },
        },
      },
    },
    // Sign-in with an authenticator app once a learner turns it on in Settings.
    plugins: [twoFactor({ issuer: PRODUCT_NAME })],
    logger: {
      log: (level, message) => log[level]({ source: 'auth' }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** A visitor's sign-up past the maximum number of users; the app's own calls (ADMIN_EMAIL) pass. */
async function refuseSignUpWhenFull(
  ctx: GenericEndpointContext,
  mayOpenAccount: AuthHooks['mayOpenAccount'],
): Promise<void> {
  if (ctx.path !== '/sign-up/email' || (!ctx.request && !ctx.headers) || !mayOpenAccount) return;
  if (await mayOpenAccount()) return;
  throw new APIError('FORBIDDEN', {
    code: 'SIGN_UP_CLOSED',
    message: settingsMessages.signUpClosed,
  });
}
