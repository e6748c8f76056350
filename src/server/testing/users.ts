import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { enrollInCourses } from '../access/enrollments.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { setRoleByEmail } from '../users/users.ts';
import { totpCodeFor } from './totp.ts';

export const TEST_PASSWORD = 'Sovereign1';

let addressCounter = 0;
/** A distinct client address per call, so the sign-up rate limit never couples two tests. */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  return ([] as string[])
    .concat(setCookie ?? [])
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Registers a learner through the real sign-up endpoint, then signs in as they would (sign-up
 * gives no session) and returns their session cookie.
 */
export async function createUser(
  app: FastifyInstance,
  overrides: {
    email?: string;
    firstName?: string;
    lastName?: string;
    password?: string;
    /** Whether the learner opened the verification link; most tests need a verified buyer. */
    isVerified?: boolean;
  } = {},
): Promise<TestUser> {
  const email = overrides.email ?? `learner-${randomUUID().slice(0, 8)}@example.com`;
  const password = overrides.password ?? TEST_PASSWORD;
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: nextClientAddress(),
    payload: {
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? 'Learner',
      email,
      password,
    },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const { user } = signUp.json<{ user: { id: string } }>();
  if (overrides.isVerified ?? true) {
    await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  }
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: nextClientAddress(),
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  return { id: user.id, email, cookie: cookieHeader(signIn.headers['set-cookie']) };
}

/** An admin as the app requires one: two-factor sign-in turned on with an authenticator app. */
export async function createAdmin(app: FastifyInstance, db: Database): Promise<TestAdmin> {
  const admin = await createUser(app, { firstName: 'Ada', lastName: 'Admin' });
  await setRoleByEmail(db, admin.email, 'admin');
  return { ...admin, ...(await turnOnTwoFactor(app, admin)) };
}

export interface TestAdmin extends TestUser {
  totpURI: string;
  /** Single-use codes for signing in again: a TOTP code is accepted once in its 30 s. */
  backupCodes: string[];
}

/** Sets up an authenticator app as Settings does; answers the new session cookie and its URI. */
export async function turnOnTwoFactor(
  app: FastifyInstance,
  user: TestUser,
  password = TEST_PASSWORD,
): Promise<{ cookie: string; totpURI: string; backupCodes: string[] }> {
  const enabled = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    remoteAddress: nextClientAddress(),
    headers: { cookie: user.cookie },
    payload: { password },
  });
  if (enabled.statusCode !== 200) throw new Error(`2FA setup failed: ${enabled.body}`);
  const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    remoteAddress: nextClientAddress(),
    headers: { cookie: user.cookie },
    payload: { code: totpCodeFor(totpURI) },
  });
  if (verified.statusCode !== 200) throw new Error(`2FA confirmation failed: ${verified.body}`);
  const cookie = cookieHeader(verified.headers['set-cookie']);
  return {
    cookie: cookie.includes('session_token=') ? cookie : user.cookie,
    totpURI,
    backupCodes,
  };
}

/** A learner who bought these courses (an individual purchase, enrolled now for 365 days). */
export async function createEnrolledLearner(
  app: FastifyInstance,
  db: Database,
  courseIds: string[] = ['energy-sovereignty'],
): Promise<TestUser> {
  const learner = await createUser(app);
  await enrollInCourses(db, {
    userId: learner.id,
    courseIds,
    purchaseType: 'individual',
    source: 'purchase',
  });
  return learner;
}
