import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/auth.ts';
import type { Mailer } from '../mail/send-mail.ts';
import { createProfile } from '../profile/profiles.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { resetPasswordEmail } from './reset-password-email.ts';

/** The header our Fastify mount sets from the real client address (never from the client). */
export const CLIENT_IP_HEADER = 'x-sovereign-client-ip';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

export function createAuth(config: Config, db: Database, mailer: Mailer, log: FastifyBaseLogger) {
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
      schema: { users, sessions, accounts, verifications, rateLimits },
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * MINUTE,
      sendResetPassword: async ({ user, url }) => {
        // Not awaited: the answer must not take longer when the account exists.
        void mailer.send(resetPasswordEmail(user.email, url)).catch((error: unknown) => {
          log.error({ err: error }, 'could not send the password reset email');
        });
      },
    },
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
        '/reset-password': { window: 10 * MINUTE, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.appUrl.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createProfile(db, user.id);
          },
        },
      },
    },
    logger: {
      log: (level, message) => log[level]({ source: 'auth' }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
