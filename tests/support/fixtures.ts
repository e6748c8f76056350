import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { FAKE_SMTP_HTTP_PORT } from '../../playwright.config.ts';

export { expect };

export const PASSWORD = 'Sovereign1';

let addressCounter = 0;

/**
 * Every test browses from an address of its own (the app trusts X-Forwarded-For in e2e, as behind
 * a proxy), so the per-address sign-in and sign-up limits never couple two tests.
 */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    addressCounter += 1;
    const address = `10.${testInfo.workerIndex + 1}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
    await use(context);
  },
});

/**
 * Opens a page and waits until React has taken it over: a prerendered page is hydrated, a
 * client-rendered one mounted. Until then its HTML is readable but its controls do nothing.
 */
export async function gotoReady(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => {
    const first = document.getElementById('root')?.firstElementChild;
    return !!first && Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
  });
}

export function uniqueEmail(prefix = 'seeker'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Registers through the form as a person would, opens the link mailed to the new address (which
 * signs them in), and waits for the dashboard the register page then moves on to.
 */
export async function register(
  page: Page,
  details: { firstName?: string; lastName?: string; email?: string } = {},
): Promise<{ email: string; firstName: string }> {
  await page.goto('/register');
  const registered = await completeRegistration(page, details);
  await expectCheckYourEmail(page, registered.email);
  await confirmEmail(page, registered.email);
  await expect(page).toHaveURL(/\/dashboard/);
  return registered;
}

/**
 * Setup, not the journey: a learner signed in on this page's browser, made through the API the
 * register form calls and signed in by the link mailed to them, as `register` does through the
 * form. For the journeys that are about something else; the auth journeys register by the form.
 * The page is left where it was: the journey opens the page it is about.
 */
export async function signUp(
  page: Page,
  { firstName = 'Maya', lastName = 'Stone', email = uniqueEmail() } = {},
): Promise<{ email: string; firstName: string }> {
  const created = await page.request.post('/api/auth/sign-up/email', {
    data: { firstName, lastName, email, password: PASSWORD },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const opened = await page.request.get(await confirmationLinkMailedTo(email));
  expect(opened.ok()).toBe(true);
  return { email, firstName };
}

/** As `signUp`, for a journey that begins signed out: the browser keeps no session. */
export async function createAccount(
  page: Page,
  details: { firstName?: string; email?: string } = {},
): Promise<{ email: string; firstName: string }> {
  const created = await signUp(page, details);
  await page.context().clearCookies();
  return created;
}

/** What the register page says once the account is created: the next step is in the mail. */
export async function expectCheckYourEmail(page: Page, email: string): Promise<void> {
  const panel = page.getByRole('region', { name: 'Check your email' });
  await expect(panel).toContainText(`We sent a link to ${email}.`);
}

/**
 * Opens the confirmation link mailed at sign-up in a tab of its own, as a person clicks it in
 * their inbox; the page they were on stays as it was.
 */
export async function confirmEmail(page: Page, email: string): Promise<void> {
  const link = await confirmationLinkMailedTo(email);
  const inbox = await page.context().newPage();
  const opened = await inbox.goto(link);
  expect(opened?.ok()).toBe(true);
  await inbox.close();
}

async function confirmationLinkMailedTo(email: string): Promise<string> {
  const mail = await latestMailTo(email, 'Confirm your Sovereign Flame email address');
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the mail to ${email}`);
  return link;
}

/** Fills and sends the register form already on screen (wherever it will return to). */
export async function completeRegistration(
  page: Page,
  { firstName = 'Maya', lastName = 'Stone', email = uniqueEmail() } = {},
): Promise<{ email: string; firstName: string }> {
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByLabel('I agree to the Terms of Service').check();
  await page.getByLabel('I agree to the Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  return { email, firstName };
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs out from the header and waits for the signed-out home page the app then loads. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
}

/** The newest mail a person would find in their inbox (with this subject), from the local SMTP server. */
export async function latestMailTo(
  email: string,
  subject?: string,
): Promise<{ subject: string; text: string; headers: string }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(
      `http://127.0.0.1:${FAKE_SMTP_HTTP_PORT}/?to=${encodeURIComponent(email)}`,
    );
    const mails = (await response.json()) as { subject: string; text: string; headers: string }[];
    const latest = mails.filter((mail) => !subject || mail.subject === subject).at(-1);
    if (latest) return latest;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail reached ${email}`);
}

/**
 * axe-core on the current page: no serious or critical violation. Colours are judged as they
 * settle: a control the page has just enabled may still be fading in (`transition-colors`), and a
 * toast may still be sliding in or out (a CSS animation that ends; a spinner's never does).
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // A rendered page's controls stay disabled until React takes them over, and its later sections
  // until they come near: each fades in as it goes live. A key press loads every section, and
  // the colours are judged once all are live.
  const waiting = page.locator('fieldset[role="presentation"][disabled]');
  if ((await waiting.count()) > 0) {
    await page.keyboard.press('Shift');
    await expect(waiting).toHaveCount(0);
  }
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation instanceof CSSTransition ||
            (animation instanceof CSSAnimation &&
              animation.effect?.getTiming().iterations !== Infinity),
        )
        .map((transition) => transition.finished.catch(() => undefined)),
    ),
  );
  // A toast leaves on its own timer, fading as it goes: one that starts to leave mid-check is
  // half transparent. Its colours are the toast library's fixed dark on white.
  const results = await new AxeBuilder({ page }).exclude('[data-rht-toaster]').analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  // Each with the elements it found, so a red run names what to fix.
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}
