import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { APP_PORT, E2E_ADMIN } from '../../playwright.config.ts';
import { totpCodeFor } from '../../src/server/testing/totp.ts';

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

/**
 * What the admin's authenticator shows now and next. A code is good once in its 30 s and the
 * journeys share one authenticator, so a journey tries them in turn, then waits for a new one.
 */
async function withAuthenticatorCode(tryCode: (code: string) => Promise<boolean>): Promise<void> {
  const { authenticator } = readAdminSession();
  for (let round = 0; round < 3; round += 1) {
    for (const ahead of [0, 30_000]) {
      if (await tryCode(totpCodeFor(authenticator, Date.now() + ahead))) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
  }
  throw new Error('no authenticator code was accepted');
}

/**
 * The shared admin session confirms a fresh code, as the panel's dialog would: its sensitive
 * actions then go through without asking, for the next 10 minutes.
 */
export async function confirmAdminSecondFactor(): Promise<void> {
  if (wasConfirmedRecently()) return;
  await withAuthenticatorCode(async (code) => {
    const confirmed = await fetch(`http://localhost:${APP_PORT}/api/admin/second-factor`, {
      method: 'POST',
      headers: {
        cookie: adminCookieHeader(),
        origin: `http://localhost:${APP_PORT}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ code }),
    });
    if (confirmed.ok) writeFileSync(SECOND_FACTOR_CONFIRMED_FILE, String(Date.now()));
    return confirmed.ok;
  });
}

/**
 * When a journey last confirmed a code for the shared session, in any worker. A code is good once
 * in its 30 s, so journeys confirming together wait on each other; the session stays fresh for 10
 * minutes, and a journey within 8 of the last confirmation needs none of its own.
 */
const SECOND_FACTOR_CONFIRMED_FILE = 'test-results/admin-second-factor-confirmed-at';
const STILL_FRESH_MS = 8 * 60_000;

function wasConfirmedRecently(): boolean {
  if (!existsSync(SECOND_FACTOR_CONFIRMED_FILE)) return false;
  return Date.now() - Number(readFileSync(SECOND_FACTOR_CONFIRMED_FILE, 'utf8')) < STILL_FRESH_MS;
}

/** Types the admin's authenticator code into a dialog that asks for it, as they would. */
export async function enterAuthenticatorCode(dialog: Locator, submit: string): Promise<void> {
  await withAuthenticatorCode(async (code) => {
    await dialog.getByLabel('Authenticator code').fill(code);
    await dialog.getByRole('button', { name: submit }).click();
    return expect(dialog)
      .toBeHidden({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
  });
}

/**
 * The admin signs in afresh in this browser, password then authenticator code: a session of its
 * own that has confirmed no code since, so a sensitive action asks for one.
 */
export async function signInAsAdminAgain(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In' })).toBeVisible();
  await withAuthenticatorCode(async (code) => {
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    return expect(page)
      .toHaveURL('/dashboard', { timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
  });
}
