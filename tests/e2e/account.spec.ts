import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { E2E_CONTACT_EMAIL } from '../../playwright.config.ts';
import { totpCodeFor } from '../../src/server/testing/totp.ts';
import { addressDataCoverage } from '../../src/shared/rules/account.ts';
import {
  completeRegistration,
  expect,
  expectCheckYourEmail,
  expectNoSeriousAxeViolations,
  gotoReady,
  PASSWORD,
  signIn,
  signOut,
  signUp,
  test,
} from '../support/fixtures.ts';

const NEW_PASSWORD = 'Kindled-Anew-9';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function openSettingsTab(page: Page, tab: string) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: tab }).click();
}

test('a learner edits their profile from the dashboard and sees it saved', async ({ page }) => {
  await signUp(page, { firstName: 'Maya', lastName: 'Stone' });
  await gotoReady(page, '/dashboard');
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Maya Stone' })).toBeVisible();
  await expect(page.getByText('Courses Enrolled')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Full Name').fill('Maya Rivers');
  await page.getByLabel('Bio').fill('Walking the path, one breath at a time.');
  await page.getByLabel('Website').fill('maya.example');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Please enter a full web address starting with https://'),
  ).toBeVisible();
  await page.getByLabel('Website').fill('https://maya.example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Maya Rivers' })).toBeVisible();
  await expect(page.getByText('Walking the path, one breath at a time.')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Maya Rivers' })).toBeVisible();

  await page.getByRole('link', { name: 'View Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Maya' })).toBeVisible();
});

test('settings save on leaving a field and at a toggle, and survive a reload', async ({ page }) => {
  await signUp(page);
  await gotoReady(page, '/dashboard');
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  // The address is text with a word on why, not a field that looks editable.
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  await expect(page.getByText('The address you sign in with')).toContainText('cannot be changed');
  await page.getByLabel('Bio').fill('I write at dawn.');
  await page.getByLabel('Website').click();
  await expect(toast(page, 'Settings saved successfully')).toBeVisible();
  // Below the header, not over its links: judged where the toast's slide in ends.
  const header = await page.getByRole('banner').boundingBox();
  const savedTop = async () => (await toast(page, 'Settings saved successfully').boundingBox())!.y;
  await expect.poll(savedTop).toBeGreaterThanOrEqual(header!.y + header!.height);

  await page.getByRole('tab', { name: 'Notifications' }).click();
  const marketing = page.getByRole('switch', { name: 'Marketing Emails' });
  await expect(marketing).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Course Updates' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await marketing.click();
  await expect(marketing).toHaveAttribute('aria-checked', 'true');

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Marketing Emails' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // "Off turns off the two below": they show off and cannot be turned on, then come back as chosen.
  const emailNotifications = page.getByRole('switch', { name: 'Email Notifications' });
  const courseUpdates = page.getByRole('switch', { name: 'Course Updates' });
  await emailNotifications.click();
  await expect(emailNotifications).toHaveAttribute('aria-checked', 'false');
  for (const name of ['Course Updates', 'Marketing Emails']) {
    await expect(page.getByRole('switch', { name })).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('switch', { name })).toBeDisabled();
  }
  await emailNotifications.click();
  await expect(courseUpdates).toHaveAttribute('aria-checked', 'true');
  await expect(courseUpdates).toBeEnabled();
  await expect(page.getByRole('switch', { name: 'Marketing Emails' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByLabel('Bio')).toHaveValue('I write at dawn.');
});

test('a learner changes their password and signs in with the new one', async ({ page }) => {
  const { email } = await signUp(page);
  await openSettingsTab(page, 'Privacy & Security');
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByLabel('New Password', { exact: true }).fill('weakpassword');
  await page.getByLabel('Confirm New Password').fill('weakpassword');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Password must include uppercase, lowercase, and numbers',
  );
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Your password was changed.')).toBeVisible();

  await page.goto('/dashboard');
  await signOut(page);
  await signIn(page, email);
  await expect(page.getByRole('alert')).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
});

test('signed-in devices say this one is active now and where it signed in from', async ({
  page,
}) => {
  await signUp(page);
  await openSettingsTab(page, 'Privacy & Security');
  const current = page.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(current).toContainText('active now');
  await expect(current).toContainText(/Signed in [A-Z][a-z]{2} \d{1,2}, \d{4}, .* from \S+/);
  await expect(current).not.toContainText('last active');
});

test('a learner turns on two-factor sign-in and signs in with a code from their app', async ({
  page,
}) => {
  const { email } = await signUp(page, { firstName: 'Maya' });
  await openSettingsTab(page, 'Privacy & Security');
  await page.getByRole('button', { name: 'Setup 2FA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = await page.locator('code').textContent();
  const authenticator = `otpauth://totp/app?secret=${key}`;
  const recoveryCodes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(recoveryCodes).toHaveCount(10);
  await page.getByLabel('Authentication code').fill(totpCodeFor(authenticator));
  await page.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(toast(page, 'Two-factor sign-in is on')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn Off 2FA' })).toBeVisible();

  await page.goto('/dashboard');
  await signOut(page);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In' })).toBeVisible();
  // The next period's code: the app would show it a moment later, and it was never used.
  await page
    .getByLabel('Authentication code')
    .fill(totpCodeFor(authenticator, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Maya' })).toBeVisible();
});

test('a learner downloads their data as a file and as a readable page', async ({ page }) => {
  const { email } = await signUp(page);
  await page.goto('/profile');
  await expect(page.getByText(addressDataCoverage.exportIncluded)).toBeVisible();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Data' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
  expect(data.account.email).toBe(email);
  expect(data.dataSentWithYourAddress).toBe(addressDataCoverage.exportIncluded);
  expect(data.profile.notificationPreferences).toEqual({
    email_notifications: true,
    course_updates: true,
    marketing_emails: false,
  });

  await openSettingsTab(page, 'Privacy & Security');
  const [readable] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download a readable copy (HTML)' }).click(),
  ]);
  const html = await readFile((await readable.path())!, 'utf8');
  expect(html).toContain('Your Sovereign Flame data');
  expect(html).toContain(email);
});

test('a learner who has not confirmed their address is told what the export and deletion leave out', async ({
  page,
}) => {
  await page.goto('/register');
  const { email } = await completeRegistration(page);
  await expectCheckYourEmail(page, email);
  // Signed in by password, the address still unconfirmed.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/settings?tab=privacy');
  await expect(page.getByText(addressDataCoverage.exportWithheld)).toBeVisible();
  await expect(page.getByText(addressDataCoverage.deletionWithheld)).toBeVisible();
});

test('a learner deletes their account, and the email is free to register again', async ({
  page,
}) => {
  const { email } = await signUp(page);
  await openSettingsTab(page, 'Privacy & Security');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('Not-my-password1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your current password is not correct');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/?account=deleted');
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account has been deleted' }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await signIn(page, email);
  await expect(page.getByRole('alert')).toBeVisible();
  await page.goto('/register');
  await completeRegistration(page, { email });
  await expectCheckYourEmail(page, email);
  await signIn(page, email);
  await expect(page).toHaveURL('/dashboard');
});

test('billing shows the free plan, the shop and the contact address for refunds', async ({
  page,
}) => {
  await signUp(page);
  await openSettingsTab(page, 'Billing');
  await expect(page.getByText('You are on the free plan.')).toBeVisible();
  await expect(page.getByText('No purchases yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: E2E_CONTACT_EMAIL })).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL('/shop');
});

test('a reflection draft kept in the browser is gone after sign-out', async ({ page }) => {
  await signUp(page);
  await gotoReady(page, '/dashboard');
  const draftKey = 'sovereign-flame:reflection-draft:someone:course:module:lesson:prompt';
  await page.evaluate(
    (key) => localStorage.setItem(key, '{"text":"private","savedAt":"x"}'),
    draftKey,
  );
  await signOut(page);
  expect(await page.evaluate((key) => localStorage.getItem(key), draftKey)).toBeNull();
});

for (const theme of ['Light', 'Dark'] as const) {
  test(`profile and settings pages pass axe in the ${theme.toLowerCase()} theme`, async ({
    page,
  }) => {
    await signUp(page);
    await page.goto('/settings');
    const html = page.locator('html');
    if (theme === 'Dark') {
      await page.getByRole('radio', { name: 'Dark' }).check();
      await expect(toast(page, 'Settings saved successfully')).toBeVisible();
      await expect(toast(page, 'Settings saved successfully')).toBeHidden();
    }
    await expect(page.getByRole('radio', { name: theme })).toBeChecked();
    const expectTheme = () =>
      theme === 'Dark' ? expect(html).toHaveClass(/dark/) : expect(html).not.toHaveClass(/dark/);
    await expectTheme();
    for (const tab of ['Profile', 'Notifications', 'Privacy & Security', 'Billing']) {
      await page.getByRole('tab', { name: tab }).click();
      await expectNoSeriousAxeViolations(page);
    }
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your Journey' })).toBeVisible();
    await expectTheme();
    await expectNoSeriousAxeViolations(page);
  });
}
