import type { Browser, Page } from '@playwright/test';
import { APP_PORT, E2E_CONTACT_EMAIL } from '../../playwright.config.ts';
import { defaultSettings, settingsMessages } from '../../src/shared/rules/settings.ts';
import { adminCookieHeader, useAdminSession } from '../support/admin-session.ts';
import { expect, expectNoSeriousAxeViolations, test } from '../support/fixtures.ts';

// These journeys change the whole site (maintenance, switched-off features): their project runs
// after every other journey has finished, one test at a time (playwright.config.ts).
test.describe.configure({ mode: 'serial' });

const appUrl = `http://localhost:${APP_PORT}`;

/** Back to the spec's defaults through the admin API, whatever a failed run left behind. */
async function restoreDefaults(): Promise<void> {
  const headers = {
    cookie: adminCookieHeader(),
    origin: appUrl,
    'content-type': 'application/json',
  };
  const current = await (await fetch(`${appUrl}/api/admin/settings`, { headers })).json();
  await fetch(`${appUrl}/api/admin/settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...defaultSettings, version: current.version }),
  });
}

test.beforeEach(restoreDefaults);
test.afterAll(restoreDefaults);

async function openSettings(page: Page): Promise<void> {
  await useAdminSession(page.context());
  await page.goto('/admin?tab=settings');
  await expect(page.getByRole('heading', { name: 'Platform Settings' })).toBeVisible();
}

async function saveSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
}

async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('an admin rests the site for maintenance: visitors see a calm page with the contact address, the admin passes', async ({
  page,
  browser,
}) => {
  // Two browsers and two axe checks on a loaded machine.
  test.slow();
  await openSettings(page);
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel(/^Maintenance mode/).check();
  await saveSettings(page);
  await expect(page.getByText(/^Last saved by admin@sovereign\.test on /)).toBeVisible();
  const changes = page.getByRole('table');
  await expect(changes.getByRole('row').nth(1)).toContainText('Maintenance mode');
  await expect(changes.getByRole('row').nth(1)).toContainText('admin@sovereign.test');

  const visitor = await visitorPage(browser);
  const answer = await visitor.goto('/courses');
  expect(answer?.status()).toBe(503);
  await expect(visitor.getByText(settingsMessages.maintenance)).toBeVisible();
  await expect(visitor.getByRole('link', { name: E2E_CONTACT_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${E2E_CONTACT_EMAIL}`,
  );
  await expectNoSeriousAxeViolations(visitor);

  expect((await page.goto('/courses'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'The Courses' })).toBeVisible();
  // The admin passes, and is reminded the site is resting for everyone else.
  await page.goto('/');
  await expect(
    page.getByText('Maintenance mode is on: visitors and learners see the maintenance page.'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Turn it off in Settings' }).click();
  await page.getByLabel(/^Maintenance mode/).uncheck();
  await saveSettings(page);
  expect((await visitor.goto('/courses'))?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: 'The Courses' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Turn it off in Settings' })).toHaveCount(0);
});

test('an admin switches the assessment off: a visitor who begins it is told it is closed', async ({
  page,
  browser,
}) => {
  await openSettings(page);
  await page.getByLabel(/^Assessments:/).uncheck();
  await saveSettings(page);

  const visitor = await visitorPage(browser);
  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Begin Your Sacred Assessment' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Sacred Assessment' });
  await expect(dialog.getByText(settingsMessages.assessmentsOff)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Begin Assessment' })).toBeHidden();
});

test('a second admin saving over a change they have not seen is told who changed it and when', async ({
  page,
  browser,
}) => {
  await openSettings(page);
  const other = await visitorPage(browser);
  await openSettings(other);

  await page.getByLabel('Maximum users').fill('750');
  await saveSettings(page);

  await other.getByLabel(/^Courses:/).uncheck();
  await other.getByRole('button', { name: 'Save Settings' }).click();
  await expect(
    other
      .getByRole('alert')
      .filter({ hasText: 'These settings were changed by admin@sovereign.test' }),
  ).toBeVisible();
  await other.getByRole('button', { name: 'Reload settings' }).click();
  await expect(other.getByLabel('Maximum users')).toHaveValue('750');
  await expect(other.getByLabel(/^Courses:/)).toBeChecked();
  // The newer settings start clean: the refusal named the version they replaced.
  await expect(other.getByRole('alert')).toBeHidden();
});
