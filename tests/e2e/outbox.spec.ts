import { useAdminSession } from '../support/admin-session.ts';
import {
  createAccount,
  expect,
  expectNoSeriousAxeViolations,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';

test('the admin follows a mail through the queue in the Outbox, and finds no failed jobs', async ({
  page,
}) => {
  const email = uniqueEmail('outbox');
  await createAccount(page, { email });

  await useAdminSession(page.context());
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/tab=outbox/);
  const outbox = page.getByRole('region', { name: /^Outbox/ });
  // The journeys' server sends over SMTP: every mail goes through the queue.
  await expect(outbox).toContainText('Mail is sent over SMTP through the queue');
  const mail = outbox.getByText(new RegExp(`to ${email}`));
  await expect(mail).toContainText('Sent');
  await mail.click();
  const opened = outbox.getByRole('group').filter({ hasText: `to ${email}` });
  // The confirmation link stays hidden: only a recorded Reveal with a fresh code shows it.
  await expect(opened).toContainText('[link hidden: an admin may reveal it');
  await expect(opened.getByText(/api\/auth\/verify-email/)).toHaveCount(0);
  await expect(outbox.getByRole('navigation', { name: 'Outbox pages' })).toBeVisible();

  const failed = page.getByRole('region', { name: 'Failed jobs' });
  await expect(failed.getByText('No failed jobs.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
