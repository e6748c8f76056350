import type { Browser, Page } from '@playwright/test';
import { formatDate } from '../../src/shared/rules/dates.ts';
import {
  confirmAdminSecondFactor,
  enterAuthenticatorCode,
  signInAsAdminAgain,
  useAdminSession,
} from '../support/admin-session.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  signIn,
  signUp,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';

const lessonPath =
  '/courses/energy-sovereignty/modules/reclaiming-your-field/lessons/what-energy-sovereignty-means';

/** A learner in a browser of their own, beside the admin's. */
async function learnerPage(
  browser: Browser,
  index: number,
): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': `10.200.${index}.${Date.now() % 250}` },
  });
  const page = await context.newPage();
  const { email } = await signUp(page, { firstName: 'Lena', email: uniqueEmail('lena') });
  return { page, email };
}

async function openAdminPanel(page: Page): Promise<void> {
  await useAdminSession(page.context());
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
}

async function searchUser(page: Page, email: string): Promise<void> {
  await page.getByLabel('Search user by email').fill(email);
  await page.getByLabel('Search user by email').press('Enter');
  await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
}

async function confirm(page: Page, description: RegExp): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm Action' });
  await expect(dialog).toContainText(description);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

test('an admin grants a learner a course through the confirm modal, the learner opens the lesson, then the admin revokes it', async ({
  page,
  browser,
}) => {
  const learner = await learnerPage(browser, 1);
  await openAdminPanel(page);

  await page.getByLabel('Search user by email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('User not found')).toBeVisible();

  await searchUser(page, learner.email);
  await expect(page.getByText('No enrollments found')).toBeVisible();

  const grantForm = page.getByRole('region', { name: 'Grant New Access' });
  const energySovereignty = grantForm.getByLabel('Energy Sovereignty', { exact: true });
  await expect(energySovereignty).not.toBeChecked();
  await page.getByRole('button', { name: 'Grant Access' }).click();
  await expect(page.getByText('Please select at least one course')).toBeVisible();

  await grantForm.getByRole('button', { name: 'Select All', exact: true }).click();
  await expect(energySovereignty).toBeChecked();
  await grantForm.getByRole('button', { name: 'Deselect All' }).click();
  await expect(energySovereignty).not.toBeChecked();
  await energySovereignty.check();
  await page.getByRole('button', { name: 'Grant Access' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Action' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('No enrollments found')).toBeVisible();

  await page.getByRole('button', { name: 'Grant Access' }).click();
  await confirm(page, /Grant complimentary access to 1 course\(s\)/);
  await expect(page.getByText('Access granted to 1 course(s)')).toBeVisible();
  const row = page.getByRole('row', { name: /Energy Sovereignty/ });
  await expect(row).toContainText('Complimentary');
  await expect(row).toContainText(formatDate(new Date()));

  await learner.page.goto(lessonPath);
  await expect(learner.page.getByRole('button', { name: 'Mark Complete' })).toBeVisible();
  await learner.page.goto('/dashboard?tab=subscription');
  await expect(learner.page.getByText('Complimentary access')).toBeVisible();
  await expect(learner.page.getByRole('button', { name: 'Manage Billing' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Revoke Energy Sovereignty' }).click();
  await confirm(page, /Revoke .* access to Energy Sovereignty/);
  await expect(page.getByText('Access to Energy Sovereignty revoked')).toBeVisible();
  await expect(page.getByText('No enrollments found')).toBeVisible();
  await page.getByText(/Access history/).click();
  await expect(
    page.getByText(/revoke Energy Sovereignty \(admin, by admin@sovereign.test\)/),
  ).toBeVisible();

  await learner.page.goto(lessonPath);
  await expect(learner.page.getByRole('heading', { name: 'Course Access Required' })).toBeVisible();
  await learner.page.context().close();
});

test('an admin grants beta access in bulk, and learns which emails have no account', async ({
  page,
  browser,
}) => {
  const learner = await learnerPage(browser, 2);
  await learner.page.context().close();
  await openAdminPanel(page);

  await page.getByRole('button', { name: 'Bulk Actions' }).click();
  const emails = page.getByLabel('Emails (one a line, or separated by commas)');
  await emails.fill(`${learner.email}, not-an-email`);
  await page.getByRole('button', { name: 'Grant Beta Access' }).click();
  await expect(page.getByText('Please enter valid email addresses')).toBeVisible();

  const stranger = uniqueEmail('stranger');
  await emails.fill(`${learner.email}\n${stranger}`);
  await page.getByRole('group', { name: 'Beta courses' }).getByLabel('The Sovereign Flame').check();
  await page.getByRole('button', { name: 'Grant Beta Access' }).click();
  await confirm(page, /Grant beta access to 2 user\(s\) for 1 course\(s\)/);
  await expect(page.getByText('Beta access granted to 1 user(s) for 1 course(s)')).toBeVisible();
  await expect(page.getByText(`No account for: ${stranger}`)).toBeVisible();

  await emails.fill(uniqueEmail('ghost'));
  await page.getByRole('button', { name: 'Grant Beta Access' }).click();
  await confirm(page, /Grant beta access to 1 user\(s\)/);
  await expect(page.getByText('No users found with the provided emails')).toBeVisible();
});

test('a learner is refused the admin pages, and a signed-out visitor is sent to sign in', async ({
  page,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL('/login');

  await signUp(page);
  await page.goto('/admin');
  await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
  await expect(page).toHaveURL('/dashboard');
  for (const path of ['/db-test', '/debug/enrollment']) {
    await page.goto(path);
    await expect(page).toHaveURL('/dashboard');
  }
});

test('the admin panel, its lists and its diagnostics pages pass axe-core', async ({
  page,
  browser,
}) => {
  const learner = await learnerPage(browser, 3);
  await learner.page.context().close();
  await openAdminPanel(page);
  await searchUser(page, learner.email);
  await page.getByRole('button', { name: 'Bulk Actions' }).click();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('tab', { name: 'All Users' }).click();
  await page.getByLabel('Email or name contains').fill(learner.email.slice(5, 14));
  await expect(page.getByRole('cell', { name: learner.email, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Manage ${learner.email}` }).click();
  await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByText('Newsletter subscribers')).toBeVisible();
  await expect(page.locator('.recharts-wrapper')).toBeVisible();
  const safety = page.getByRole('region', { name: 'Safety responses in the last 30 days' });
  await expect(safety).toContainText('What learners wrote is never recorded here.');
  await expectNoSeriousAxeViolations(page);

  await page.goto('/db-test');
  await expect(page.getByText('Connected')).toBeVisible();
  await expect(page.getByText(/0000_foundation/)).toBeVisible();
  // Drizzle keeps when a migration was written; the page does not call that when it was applied.
  await expect(page.getByText(/0000_foundation/)).toHaveText(
    /^0000_foundation\S* \(written [A-Z][a-z]{2} \d{1,2}, \d{4}\)$/,
  );
  await expect(page.getByRole('button')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await page.goto('/debug/enrollment');
  await page.getByLabel('Search user by email').fill(learner.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: `${learner.email}: free` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('an admin signs a learner out everywhere, disables the account with a fresh authenticator code and enables it again, each in the access history', async ({
  page,
  browser,
}) => {
  const learner = await learnerPage(browser, 4);
  await signInAsAdminAgain(page);
  await page.goto('/admin');
  await searchUser(page, learner.email);
  const signInControls = page.getByRole('region', { name: 'Sign-In' });
  await expect(signInControls).toContainText('Active: this account can sign in.');

  await signInControls.getByRole('button', { name: 'End All Sessions' }).click();
  await confirm(page, new RegExp(`Sign ${learner.email} out on every device`));
  await expect(page.getByText('All sessions of this user were ended')).toBeVisible();
  await learner.page.goto('/dashboard');
  await expect(learner.page).toHaveURL('/login');

  await signInControls.getByRole('button', { name: 'Disable Account' }).click();
  await confirm(page, /cannot sign in until it is enabled/);
  // A session that confirmed no code in the last 10 minutes is asked for one, then goes on.
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp.getByLabel('Authenticator code')).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Tab');
  await expect(stepUp.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await enterAuthenticatorCode(stepUp, 'Confirm and continue');
  await expect(signInControls).toContainText(/Disabled since .*: this account cannot sign in/);
  await signIn(learner.page, learner.email);
  await expect(learner.page.getByText('This account is disabled.')).toBeVisible();
  await expect(learner.page).toHaveURL('/login');

  await signInControls.getByRole('button', { name: 'Enable Account' }).click();
  await confirm(page, /Enable .* account, so they can sign in again/);
  await expect(signInControls).toContainText('Active: this account can sign in.');
  await page.getByText(/Access history/).click();
  for (const entry of ['all sessions ended', 'account disabled', 'account enabled']) {
    await expect(page.getByText(`${entry} (by admin@sovereign.test)`)).toBeVisible();
  }
  await expectNoSeriousAxeViolations(page);

  await signIn(learner.page, learner.email);
  await expect(learner.page).toHaveURL('/dashboard');
  await learner.page.context().close();
});

test("an admin comes in from the dashboard, sees and revokes a learner's beta access, clears their enrollments, and the history keeps up", async ({
  page,
  browser,
}) => {
  const learner = await learnerPage(browser, 5);
  await useAdminSession(page.context());
  await confirmAdminSecondFactor();
  await page.goto('/');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel' }),
  ).toBeVisible();
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: 'Admin Panel' })
    .click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await searchUser(page, learner.email);
  await expect(
    page.getByText(
      "They are private: each read is recorded with your email and the time, and listed in the learner's data export for the learner to see.",
    ),
  ).toBeVisible();

  const grantForm = page.getByRole('region', { name: 'Grant New Access' });
  await grantForm.getByLabel('Energy Sovereignty', { exact: true }).check();
  await grantForm.getByLabel('Access type').selectOption('paid');
  await page.getByRole('button', { name: 'Grant Access' }).click();
  await confirm(page, /Grant paid access to 1 course\(s\)/);
  await expect(page.getByRole('row', { name: /Energy Sovereignty/ })).toBeVisible();
  await learner.page.goto('/dashboard?tab=subscription');
  await expect(learner.page.getByText('Energy Sovereignty').first()).toBeVisible();
  await expect(learner.page.getByRole('button', { name: 'Manage Billing' })).toHaveCount(0);

  const history = page.getByText(/Access history \(\d+\)/);
  await expect(history).toHaveText('Access history (1)');
  await page.getByRole('button', { name: 'Bulk Actions' }).click();
  await page.getByLabel('Emails (one a line, or separated by commas)').fill(learner.email);
  await page.getByRole('group', { name: 'Beta courses' }).getByLabel('The Sovereign Flame').check();
  await page.getByRole('button', { name: 'Grant Beta Access' }).click();
  await confirm(page, /Grant beta access to 1 user\(s\)/);
  const beta = page.getByRole('region', { name: 'Beta Access', exact: true });
  await expect(beta).toContainText('The Sovereign Flame');
  await expect(history).toHaveText('Access history (2)');

  await beta.getByRole('button', { name: 'Revoke beta access to The Sovereign Flame' }).click();
  await confirm(page, /Revoke .* beta access to The Sovereign Flame/);
  await expect(page.getByText('Beta access deactivated')).toBeVisible();
  await expect(beta).toContainText('revoked');
  await expect(history).toHaveText('Access history (3)');

  await page.getByRole('button', { name: 'Clear All Enrollments' }).click();
  await confirm(page, /Clear all of .* enrollments \(1 course\(s\)\)/);
  await expect(page.getByText('All enrollments cleared (1 course(s))')).toBeVisible();
  await expect(page.getByText('No enrollments found')).toBeVisible();
  await history.click();
  await expect(
    page.getByText(/revoke The Sovereign Flame \(beta, by admin@sovereign.test/),
  ).toBeVisible();
  await expect(
    page.getByText(/revoke Energy Sovereignty \(admin, by admin@sovereign.test/),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await learner.page.context().close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the admin panel fits the screen, and a wide table says it scrolls and keeps Revoke in reach', async ({
    page,
    browser,
  }) => {
    const learner = await learnerPage(browser, 6);
    await learner.page.context().close();
    await openAdminPanel(page);
    const dashboardLink = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', {
      name: 'Dashboard',
    });
    await expect(dashboardLink).toBeInViewport({ ratio: 1 });
    await searchUser(page, learner.email);
    const grantForm = page.getByRole('region', { name: 'Grant New Access' });
    await grantForm.getByLabel('Energy Sovereignty', { exact: true }).check();
    await page.getByRole('button', { name: 'Grant Access' }).click();
    await confirm(page, /Grant complimentary access/);
    const revoke = page.getByRole('button', { name: 'Revoke Energy Sovereignty' });
    await revoke.scrollIntoViewIfNeeded();
    await expect(revoke).toBeInViewport({ ratio: 1 });
    await expect(page.getByText('Swipe sideways to see every column.')).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the overview says when the last backup was taken and how often one is', async ({
    page,
  }) => {
    await openAdminPanel(page);
    await page.getByRole('tab', { name: 'Overview' }).click();
    const backups = page.getByRole('region', { name: 'Backups' });
    await expect(backups).toContainText(/Last backup: .+\.|No backup has been taken yet\./);
    await expect(backups).toContainText('A backup is taken every day; the newest 7 are kept.');
    await expectNoSeriousAxeViolations(page);
  });
});
