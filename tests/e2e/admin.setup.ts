import { writeFileSync } from 'node:fs';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { totpCodeFor } from '../../src/server/testing/totp.ts';
import { ADMIN_SESSION_FILE, useAdminSession } from '../support/admin-session.ts';
import { expect, expectNoSeriousAxeViolations, signIn, test } from '../support/fixtures.ts';

// The second step uses the session the first one saved.
test.describe.configure({ mode: 'serial' });

test("the operator's first sign-in holds the admin panel until two-factor sign-in is set up", async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In Required' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
  const refused = await page.request.get('/api/admin/users');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toContain('two-factor');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'Set Up Two-Factor Sign-In' }).click();
  await expect(page.getByRole('tab', { name: 'Privacy & Security' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('button', { name: 'Setup 2FA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await dialog.getByLabel('Password').fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const key = await page.locator('code').textContent();
  const authenticator = `otpauth://totp/admin?secret=${key}`;
  await page.getByLabel('Authentication code').fill(totpCodeFor(authenticator));
  await page.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(page.getByRole('button', { name: 'Turn Off 2FA' })).toBeVisible();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  const { cookies } = await page.context().storageState();
  writeFileSync(ADMIN_SESSION_FILE, JSON.stringify({ cookies, authenticator }));
});

test('the go-live checklist names what is not ready; saving hours and a link puts sessions on sale', async ({
  page,
}) => {
  await useAdminSession(page.context());
  await page.goto('/admin?tab=overview');
  const checklist = page.getByRole('region', { name: 'Ready to sell' });
  await expect(checklist).toContainText(
    'One-to-one sessions: not on sale until you save your hours and a meeting link.',
  );
  await expect(checklist).toContainText('Payments: test mode, no money is taken.');
  await expect(checklist).toContainText('Contact address: shown to learners');
  await expectNoSeriousAxeViolations(page);

  await checklist.getByRole('link', { name: 'Open the Sessions tab' }).click();
  const status = page.getByRole('note');
  await expect(status).toContainText('One-to-one sessions are not on sale yet.');
  await expect(status).toContainText(
    'learners can book once you save your opening hours and add a default meeting link under Availability below.',
  );
  await page.getByLabel('Default meeting link').fill('https://meet.example.com/sovereign-flame');
  await page.getByRole('button', { name: 'Save availability' }).click();
  await expect(
    page.getByText('One-to-one sessions are on sale: learners can book your free times.'),
  ).toBeVisible();

  await page.goto('/admin?tab=overview');
  await expect(checklist).toContainText(
    'One-to-one sessions: your hours and meeting link are saved; they are on sale.',
  );
});
