import { E2E_ADMIN } from '../../playwright.config.ts';
import { twoFactorMessages } from '../../src/shared/api/account.ts';
import { enterAuthenticatorCode, useAdminSession } from '../support/admin-session.ts';
import {
  createAccount,
  expect,
  expectNoSeriousAxeViolations,
  signUp,
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

test("the admin reveals a hidden confirmation link with a fresh code, and the learner's export shows who did", async ({
  page,
  browser,
}) => {
  const learner = await (await browser.newContext()).newPage();
  const { email } = await signUp(learner, { email: uniqueEmail('revealed') });

  await useAdminSession(page.context());
  await page.goto('/admin?tab=outbox');
  const outbox = page.getByRole('region', { name: /^Outbox/ });
  await outbox
    .getByText(new RegExp(`Confirm your Sovereign Flame email address to ${email}`))
    .click();
  const opened = outbox.getByRole('group').filter({ hasText: `to ${email}` });
  await opened.getByRole('button', { name: 'Reveal' }).click();

  const dialog = page.getByRole('dialog', { name: "Reveal this mail's links" });
  await expect(dialog).toContainText(`recorded in that account's history and data export`);
  await expect(dialog.getByLabel('Authenticator code')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Reveal' })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByLabel('Authenticator code').fill('000000');
  await dialog.getByRole('button', { name: 'Reveal' }).click();
  await expect(dialog).toContainText(twoFactorMessages.codeInvalid);

  await enterAuthenticatorCode(dialog, 'Reveal');
  await expect(opened.getByText(/api\/auth\/verify-email/)).toBeVisible();
  await expect(opened.getByRole('button', { name: 'Reveal' })).toHaveCount(0);

  const exported = await learner.request.get('/api/account/export');
  expect((await exported.json()).accountEvents).toContainEqual(
    expect.objectContaining({ action: 'outbox-mail-revealed', actorEmail: E2E_ADMIN.email }),
  );
  await learner.context().close();
});
