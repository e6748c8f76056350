import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousAxeViolations,
  latestMailTo,
  signUp,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';
import { FAKE_SMTP_HTTP_PORT } from '../../playwright.config.ts';

async function buyEnergySovereignty(page: Page) {
  await page.goto('/buy-now?course=energy-sovereignty');
  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/test_cs_/);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Payment successful! Your course access is ready.',
  );
}

async function subjectsTo(email: string): Promise<string[]> {
  const response = await fetch(
    `http://127.0.0.1:${FAKE_SMTP_HTTP_PORT}/?to=${encodeURIComponent(email)}`,
  );
  return ((await response.json()) as { subject: string }[]).map((mail) => mail.subject);
}

const emailNotifications = (page: Page) =>
  page.getByRole('switch', { name: 'Email Notifications' });

test('a buyer whose Email Notifications is off gets the receipt and no welcome', async ({
  page,
}) => {
  const { email } = await signUp(page, { email: uniqueEmail('quiet') });
  await page.goto('/settings?tab=notifications');
  await emailNotifications(page).click();
  await expect(emailNotifications(page)).toHaveAttribute('aria-checked', 'false');

  await buyEnergySovereignty(page);
  await latestMailTo(email, 'Your Sovereign Flame receipt');
  expect(await subjectsTo(email)).not.toContain('Welcome to Energy Sovereignty');
});

test("a buyer's welcome carries a one-click unsubscribe that turns the switch off, as Settings then shows", async ({
  page,
}) => {
  const { email } = await signUp(page, { email: uniqueEmail('welcomed') });
  await buyEnergySovereignty(page);
  const welcome = await latestMailTo(email, 'Welcome to Energy Sovereignty');
  expect(welcome.headers).toMatch(/^list-unsubscribe-post: List-Unsubscribe=One-Click$/im);
  const header = /^list-unsubscribe: <([^>]+)>$/im.exec(welcome.headers);
  const unsubscribe = new URL(header![1]!);
  expect(unsubscribe.pathname).toBe('/api/notifications/unsubscribe');
  expect(welcome.text).toContain('/notifications/unsubscribe?token=');

  // Following the link (a reader, or a mail scanner) asks first and changes nothing.
  await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
  await expect(page).toHaveURL(/\/notifications\/unsubscribe\?token=/);
  await expect(page.getByRole('heading', { name: 'Turn off Email Notifications' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const settings = await page.request.get('/api/account/settings');
  expect((await settings.json()).notificationPreferences.email_notifications).toBe(true);

  await page.getByRole('button', { name: 'Turn off Email Notifications' }).click();
  await expect(page.getByRole('status')).toContainText('Email Notifications is off');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(emailNotifications(page)).toHaveAttribute('aria-checked', 'false');

  // A mail provider's one-click button: a POST without a session, to the header's address.
  const oneClick = await page
    .context()
    .request.fetch(`${unsubscribe.pathname}${unsubscribe.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: '' },
      data: 'List-Unsubscribe=One-Click',
    });
  expect(oneClick.status()).toBe(200);
});
