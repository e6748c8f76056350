import { useAdminSession } from '../support/admin-session.ts';
import { expect, expectNoSeriousAxeViolations, signUp, test } from '../support/fixtures.ts';

const progress = /^Payment 1 of 3 · next on \w{3} \d{1,2}, \d{4} · €83\.34 remaining$/;

test("a learner buys a course in 3 payments in test mode, its access opens at the first, and the plan is on their Billing tab and the admin's user view", async ({
  page,
}) => {
  const { email } = await signUp(page);
  await page.goto('/courses/energy-sovereignty');
  const enrol = page.getByRole('complementary', { name: 'Enrol' });
  await expect(enrol).toContainText('or 3 payments of €41.67, one a month.');

  await page.goto('/buy-now?course=energy-sovereignty');
  const choice = page.getByRole('group', { name: 'How would you like to pay?' });
  await expect(choice.getByRole('radio', { name: 'Pay in full: €125' })).toBeChecked();
  await choice.getByRole('radio', { name: /^3 monthly payments of €41\.67/ }).check();
  await expect(choice).toContainText('€125.01 in all.');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Secure Checkout' }).click();

  await expect(page).toHaveURL(/\/checkout\/test\/test_cs_/);
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('Energy Sovereignty (payment 1 of 3)');
  await expect(order).toContainText('Total today€41.67');
  await expect(order).toContainText(
    'Payment 1 of 3. Then €41.67 on the same day of each of the next 2 months.',
  );
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Payment successful! Your course access is ready.',
  );

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Billing' }).click();
  const plans = page.getByRole('region', { name: 'Payment Plans' });
  await expect(plans).toContainText('Energy Sovereignty: 3 monthly payments of €41.67');
  await expect(plans.getByText(progress)).toBeVisible();
  const invoices = page.getByRole('region', { name: 'Invoices and credit notes' });
  await expect(invoices.getByRole('listitem')).toHaveCount(1);
  await expect(invoices).toContainText('€41.67');
  await expectNoSeriousAxeViolations(page);

  await useAdminSession(page.context());
  await page.goto('/admin');
  await page.getByLabel('Search user by email').fill(email);
  await page.getByLabel('Search user by email').press('Enter');
  const adminPlans = page.getByRole('region', { name: 'Payment Plans' });
  await expect(adminPlans).toContainText('Energy Sovereignty: 3 monthly payments of €41.67');
  await expect(adminPlans.getByText(progress)).toBeVisible();
});
