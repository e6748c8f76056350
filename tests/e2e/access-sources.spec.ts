import type { Page } from '@playwright/test';
import { useAdminSession } from '../support/admin-session.ts';
import { createAccount, expect, expectNoSeriousAxeViolations, test } from '../support/fixtures.ts';

// Two people's work (a learner registers, the admin grants and looks): more than one page's budget.
test.describe.configure({ timeout: 120_000 });

async function grantBetaByEmail(page: Page, email: string): Promise<void> {
  await page.goto('/admin?tab=beta');
  await page.getByRole('tab', { name: 'Manage Users' }).click();
  const grant = page.getByRole('form', { name: 'Grant Beta Access' });
  await grant.getByLabel('User email').fill(email);
  await grant.getByRole('button', { name: 'Grant Access' }).click();
  await expect(page.getByText('Beta access granted!')).toBeVisible();
}

/** The server refuses the next change of a beta grant, as when the database is away. */
async function failNextGrantChange(page: Page): Promise<void> {
  await page.route(
    '**/api/beta/grants/*/deactivate',
    (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong' } }),
      }),
    { times: 1 },
  );
}

test("the enrollment diagnostics show a learner's beta grant beside their enrollments, read only", async ({
  page,
}) => {
  const { email } = await createAccount(page, { firstName: 'Wren' });
  await useAdminSession(page.context());
  await grantBetaByEmail(page, email);

  await page.goto('/debug/enrollment');
  await page.getByLabel('Search user by email').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^${email}: `) })).toBeVisible();
  await expect(page.getByText('No enrollments found')).toBeVisible();
  const beta = page.getByRole('region', { name: 'Beta Access' });
  await expect(beta).toContainText('Every course');
  await expect(beta).toContainText(/Beta \(admin\), since .*, until/);
  await expect(beta.getByRole('button')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test("a failed deactivation or revocation of beta access says so in the spec's words", async ({
  page,
}) => {
  const { email } = await createAccount(page, { firstName: 'Rook' });
  await useAdminSession(page.context());
  await grantBetaByEmail(page, email);

  // Manage Users' Deactivate (spec 2 §8).
  const row = page.getByRole('row').filter({ hasText: email });
  await failNextGrantChange(page);
  await row.getByRole('button', { name: `Deactivate beta access of ${email}` }).click();
  await expect(page.getByText('Failed to deactivate beta access')).toBeVisible();
  await expect(row).toContainText('Active');

  // The admin's user view revokes the same grant (spec 1 §8).
  await page.goto('/admin');
  await page.getByLabel('Search user by email').fill(email);
  await page.getByLabel('Search user by email').press('Enter');
  const beta = page.getByRole('region', { name: 'Beta Access' });
  await failNextGrantChange(page);
  await beta.getByRole('button', { name: 'Revoke beta access to Every course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Action' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Failed to revoke beta access')).toBeVisible();
  await expect(beta.getByRole('button', { name: /^Revoke beta access/ })).toBeVisible();
});
