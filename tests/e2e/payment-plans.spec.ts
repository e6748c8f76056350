import { adminCookieHeader, useAdminSession } from '../support/admin-session.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  latestMailTo,
  signUp,
  test,
} from '../support/fixtures.ts';

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

const lessonPath =
  '/courses/energy-sovereignty/modules/reclaiming-your-field/lessons/what-energy-sovereignty-means';
/** The clock's tasks of payment plans: the journey moves its own work, not its neighbours'. */
const planTasks = ['payment plan instalments', 'payment plan declines', 'payment graces ending'];

test('a learner buys a course in 3 payments, the second is declined, grace and the update mail follow, a working card pays it and the course stays open', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await signUp(page);
  await page.goto('/buy-now?course=energy-sovereignty');
  const choice = page.getByRole('group', { name: 'How would you like to pay?' });
  await choice.getByRole('radio', { name: /^3 monthly payments of €41\.67/ }).check();
  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/test_cs_/);
  await page
    .getByRole('group', { name: 'Test card' })
    .getByRole('radio', { name: 'A card whose later payments are declined (4000 0000 0000 0341)' })
    .check();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Payment successful! Your course access is ready.',
  );

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Billing' }).click();
  const plans = page.getByRole('region', { name: 'Payment Plans' });
  await expect(plans.getByText(progress)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // A month on, by the journeys' movable clock: the second payment is declined.
  const billing = await (await page.request.get('/api/account/billing')).json();
  const dueAt: string = billing.paymentPlans[0].nextDueAt;
  const moved = await request.post('/api/admin/test-clock/tick', {
    data: { now: dueAt, tasks: planTasks },
    headers: { cookie: adminCookieHeader(), origin: baseURL! },
  });
  expect(moved.ok(), await moved.text()).toBe(true);

  const mail = await latestMailTo(email, 'Your Sovereign Flame payment did not go through');
  expect(mail.text).toContain('Your last payment for Energy Sovereignty did not go through.');
  const link = mail.text.match(/https?:\/\/\S+\/billing\/update-card/)?.[0];
  expect(link).toBe(`${baseURL}/billing/update-card`);

  // On a phone: the calm notice on the dashboard and the lesson, which stays open.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const notice = page.getByRole('region', { name: 'Your last payment did not go through' });
  await expect(notice).toContainText('Your courses stay open until');
  await expectNoSeriousAxeViolations(page);
  await page.goto(lessonPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What Energy Sovereignty Means');
  await expect(notice).toContainText('Update your card to keep your access.');

  // The mail's link: test mode's billing page offers a working card, and the payment goes through.
  await page.goto(link!);
  await expect(page).toHaveURL(/\/billing\/test/);
  await page.getByRole('button', { name: 'Use a working test card' }).click();
  await expect(page.getByRole('status')).toHaveText('Card updated. The payment went through.');
  await expectNoSeriousAxeViolations(page);

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(plans.getByText(/^Payment 2 of 3 · next on /)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Invoices and credit notes' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.goto(lessonPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What Energy Sovereignty Means');
});
