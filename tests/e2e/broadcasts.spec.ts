import { E2E_ADMIN, FAKE_SMTP_HTTP_PORT } from '../../playwright.config.ts';
import { confirmAdminSecondFactor, useAdminSession } from '../support/admin-session.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  latestMailTo,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';

async function mailsTo(email: string, subject: string) {
  const response = await fetch(
    `http://127.0.0.1:${FAKE_SMTP_HTTP_PORT}/?to=${encodeURIComponent(email)}`,
  );
  return ((await response.json()) as { subject: string; text: string }[]).filter(
    (mail) => mail.subject === subject,
  );
}

test('the admin writes a broadcast to the newsletter, tests it, sends it now, and it arrives at once', async ({
  page,
}) => {
  const subscriber = uniqueEmail('letters');
  const subscribed = await page.request.post('/api/newsletter', { data: { email: subscriber } });
  expect(subscribed.ok()).toBe(true);
  const subject = `Spring letter ${Date.now()}`;

  await useAdminSession(page.context());
  await page.goto('/admin?tab=broadcasts');
  await page.getByLabel('Send to').selectOption({ label: 'Newsletter subscribers' });
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByRole('textbox', { name: 'Letter' }).fill('The circle gathers again in spring.');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(/Reaches \d+ (person|people) now/);
  await expect(preview).toContainText('The circle gathers again in spring.');
  await expect(preview).toContainText('To stop receiving these letters, unsubscribe here');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByText(`Test sent to ${E2E_ADMIN.email}`)).toBeVisible();
  const testMail = await latestMailTo(E2E_ADMIN.email, `[Test] ${subject}`);
  expect(testMail.text).toContain('The circle gathers again in spring.');

  await confirmAdminSecondFactor();
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Broadcast scheduled')).toBeVisible();
  const listed = page.getByRole('region', { name: 'Broadcasts' }).getByRole('listitem');
  // The queue may send it before the list loads, so either state is right here.
  await expect(listed.filter({ hasText: subject })).toContainText(/· (scheduled|sending|sent)/);

  await expect
    .poll(async () => (await mailsTo(subscriber, subject)).length, { timeout: 15_000 })
    .toBe(1);
  const [letter] = await mailsTo(subscriber, subject);
  expect(letter!.text).toContain('The circle gathers again in spring.');
  expect(letter!.text).toContain('/unsubscribe?token=');

  await page.reload();
  await expect(listed.filter({ hasText: subject })).toContainText(/· sent/);
  await expect(listed.filter({ hasText: subject })).toContainText('0 failed');
});
