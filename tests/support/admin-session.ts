import type { BrowserContext } from '@playwright/test';
import { readFileSync } from 'node:fs';

/**
 * The operator's session, written by admin.setup.ts once their first sign-in has set up
 * two-factor sign-in: the journeys reuse it, as a person stays signed in, because each fresh
 * sign-in would need a code the authenticator has not shown before.
 */
export const ADMIN_SESSION_FILE = 'test-results/admin-session.json';

interface AdminSession {
  cookies: Parameters<BrowserContext['addCookies']>[0];
  /** The authenticator's otpauth URI, for a journey that signs in again. */
  authenticator: string;
}

function readAdminSession(): AdminSession {
  return JSON.parse(readFileSync(ADMIN_SESSION_FILE, 'utf8')) as AdminSession;
}

/** Signs this browser in as the admin (their session cookie, as after their own sign-in). */
export async function useAdminSession(context: BrowserContext): Promise<void> {
  await context.addCookies(readAdminSession().cookies);
}

/** The admin's session as a Cookie header, for setup through the admin API. */
export function adminCookieHeader(): string {
  return readAdminSession()
    .cookies.map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

/**
 * The admin's browser forgets the session without signing out: signing out would end the one
 * session every journey shares.
 */
export async function leaveAdminSession(context: BrowserContext): Promise<void> {
  await context.clearCookies();
}
