import { useAdminSession } from '../support/admin-session.ts';
import { expect, expectNoSeriousAxeViolations, test } from '../support/fixtures.ts';

test('the admin finds the Outbox in the admin panel, and it says how mail leaves', async ({
  page,
}) => {
  await useAdminSession(page.context());
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/tab=outbox/);
  const outbox = page.getByRole('region', { name: /^Outbox/ });
  // The journeys' server sends over SMTP: nothing is kept.
  await expect(outbox).toContainText(
    'Mail is sent over SMTP; the outbox holds only what was kept before SMTP was set.',
  );
  await expect(outbox.getByText('No mail kept.')).toBeVisible();
  await expect(outbox.getByRole('navigation', { name: 'Outbox pages' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
