import type { Page } from '@playwright/test';
import { E2E_CONTACT_EMAIL } from '../../playwright.config.ts';
import {
  confirmAdminSecondFactor,
  enterAuthenticatorCode,
  signInAsAdminAgain,
  useAdminSession,
} from '../support/admin-session.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  latestMailTo,
  signUp,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';

const COURSE = 'energy-sovereignty';

/**
 * Setup, not the journey: the learner buys the course in payment test mode, in full or in its
 * monthly payments (`subscription`; purchase.spec and payment-plans.spec walk them).
 */
async function buyCourse(
  page: Page,
  email: string,
  mode: 'payment' | 'subscription' = 'payment',
): Promise<string> {
  const started = await page.request.post('/api/create-checkout-session', {
    data: {
      lineItems: [{ price: COURSE, quantity: 1 }],
      mode,
      customerEmail: email,
      metadata: { isBundle: 'false', customerName: 'Iris Vale', message: '' },
    },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { id } = (await started.json()) as { id: string };
  const paid = await page.request.post(`/api/checkout/test-sessions/${id}/pay`, { data: {} });
  expect(paid.ok(), await paid.text()).toBe(true);
  return id;
}

async function courseIdsOf(page: Page): Promise<string[]> {
  const access = (await (await page.request.get('/api/me/access')).json()) as {
    courses: { courseId: string; accessType: string }[];
  };
  return access.courses
    .filter((course) => course.accessType !== 'none')
    .map((course) => course.courseId);
}

test('the admin refunds a learner’s payment plan from the Inbox, after a fresh code, and the course closes', async ({
  page,
  browser,
}) => {
  test.slow();
  const { email } = await signUp(page, { email: uniqueEmail('refund') });
  const orderId = await buyCourse(page, email, 'subscription');
  const before = await courseIdsOf(page);
  expect(before).toContain(COURSE);

  // The learner asks in their billing settings.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Billing' }).click();
  await page.getByRole('button', { name: 'Request a refund' }).click();
  await page
    .getByLabel('Why are you asking for a refund? (optional)')
    .fill('The timing is not right for me.');
  await page.getByRole('button', { name: 'Send Refund Request' }).click();
  await expect(page.getByRole('status').filter({ hasText: /refund/i })).toBeVisible();

  // The creator, signed in afresh: Refund asks for a code first.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdminAgain(admin);
  await admin.goto('/admin?tab=inbox');
  await expect(admin.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  const item = admin.getByRole('listitem').filter({ hasText: email });
  await expect(item).toContainText('Refund request from Iris Vale');
  await expect(item).toContainText(`Order ${orderId}`);
  await expect(item).toContainText('Asked within the 30-day guarantee.');
  await expect(item).toContainText('The timing is not right for me.');
  await expect(item).toContainText(
    'Bought in 3 monthly payments, 1 made. A refund gives back every payment made on the plan; no more are taken.',
  );
  await expectNoSeriousAxeViolations(admin);

  await item.getByRole('button', { name: /^Refund/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog.getByLabel('Authenticator code')).toBeFocused();
  await enterAuthenticatorCode(dialog, 'Confirm and continue');
  // Closed, it leaves the New list; All shows what was done.
  await expect(admin.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  await admin.getByLabel('Show').selectOption('all');
  const done = admin.getByRole('listitem').filter({ hasText: email });
  await expect(done).toContainText('Refunded.');
  await expect(done.getByLabel('State')).toHaveValue('closed');
  await adminContext.close();

  expect(await courseIdsOf(page)).not.toContain(COURSE);
  const mail = await latestMailTo(email, `Sovereign Flame: your refund for order ${orderId}`);
  expect(mail.text).toContain('The access this order gave has ended.');
  await page.reload();
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(
    page.getByText('Refunded: 1 of 3 payments made, all refunded; no more are taken'),
  ).toBeVisible();
});

test('the admin declines a request with a reason the learner receives by mail, and moves an item by hand', async ({
  page,
  browser,
}) => {
  const { email } = await signUp(page, { email: uniqueEmail('declined') });
  const orderId = await buyCourse(page, email);
  const asked = await page.request.post('/api/account/refund-requests', {
    data: { purchaseId: orderId, reason: 'I changed my mind.' },
  });
  expect(asked.ok(), await asked.text()).toBe(true);

  const adminContext = await browser.newContext();
  await useAdminSession(adminContext);
  await confirmAdminSecondFactor();
  const admin = await adminContext.newPage();
  await admin.goto('/admin?tab=inbox');
  const item = admin.getByRole('listitem').filter({ hasText: email });
  await item.getByLabel('State').selectOption('answered');
  await expect(item).toHaveCount(0);
  await admin.getByLabel('Show').selectOption('answered');
  await item.getByRole('button', { name: 'Decline' }).click();
  await item.getByRole('button', { name: 'Send and decline' }).click();
  // The reason is required: the browser keeps the form open until there is one.
  await expect(item.getByLabel('Reason, sent to the learner')).toBeFocused();
  await item
    .getByLabel('Reason, sent to the learner')
    .fill('You have completed most of the course already.');
  await item.getByRole('button', { name: 'Send and decline' }).click();
  await expect(item).toHaveCount(0);
  await admin.getByLabel('Show').selectOption('closed');
  await expect(item).toContainText('Declined: You have completed most of the course already.');
  await adminContext.close();

  const mail = await latestMailTo(
    email,
    `Sovereign Flame: your refund request for order ${orderId}`,
  );
  expect(mail.text).toContain('You have completed most of the course already.');
  expect(await courseIdsOf(page)).toContain(COURSE);
});

test('a visitor writes from the footer, the creator is told, reads it in the Inbox and marks it answered', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('question');
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Write to us' });
  await form.scrollIntoViewIfNeeded();
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByLabel('Your name')).toBeFocused();
  await expect(form).toContainText('Name is required');

  await form.getByLabel('Your name').fill('Noor Halden');
  await form.getByLabel('Your email address').fill(email);
  await form.getByLabel('Your message').fill('Does the course suit someone\nwho works nights?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Thank you. Your message has reached us, and a person will answer you by email.',
  );
  await expect(form.getByLabel('Your message')).toHaveValue('');
  await expectNoSeriousAxeViolations(page);
  const told = await latestMailTo(
    E2E_CONTACT_EMAIL,
    'New Sovereign Flame message from Noor Halden',
  );
  expect(told.text).not.toContain('works nights');

  const adminContext = await browser.newContext();
  await useAdminSession(adminContext);
  const admin = await adminContext.newPage();
  await admin.goto('/admin?tab=inbox');
  const item = admin.getByRole('listitem').filter({ hasText: email });
  await expect(item).toContainText('Message from Noor Halden');
  await expect(item).toContainText('Does the course suit someone');
  await expect(item.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${email}`),
  );
  await item.getByLabel('State').selectOption('answered');
  await expect(item).toHaveCount(0);
  await admin.getByLabel('Show').selectOption('answered');
  await expect(item).toContainText('Message from Noor Halden');
  await adminContext.close();
});
