import { readFileSync } from 'node:fs';
import { adminCookieHeader, useAdminSession } from '../support/admin-session.ts';
import { expect, expectNoSeriousAxeViolations, test } from '../support/fixtures.ts';
import { APP_PORT } from '../../playwright.config.ts';

const appUrl = `http://localhost:${APP_PORT}`;
const defaultGeneral = readFileSync('content/companion/general.md', 'utf8').trim();

/** Back to the default through the admin API, whatever a failed run left behind. */
test.afterAll(async () => {
  const headers = {
    cookie: adminCookieHeader(),
    origin: appUrl,
    'content-type': 'application/json',
  };
  const { prompts } = await (
    await fetch(`${appUrl}/api/admin/companion/prompts`, { headers })
  ).json();
  const general = prompts.find((prompt: { kind: string }) => prompt.kind === 'general');
  if (general.isDefault) return;
  await fetch(`${appUrl}/api/admin/companion/prompts/general/reset`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ version: general.version }),
  });
});

test('an admin changes the AI companion’s general prompt, then restores its default in one click', async ({
  page,
}) => {
  await useAdminSession(page.context());
  await page.goto('/admin?tab=prompts');
  await expect(page.getByRole('heading', { name: 'AI Prompts' })).toBeVisible();
  await expect(page.getByText(/no prompt can change or remove it/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const prompt = page.getByRole('textbox', { name: 'General prompt' });
  await expect(prompt).toHaveValue(defaultGeneral);
  const edited = 'You are a calm companion. Answer in two sentences, warmly.';
  await prompt.fill(edited);
  await page.getByRole('button', { name: 'Save the General prompt' }).click();
  await expect(page.getByText('General prompt saved')).toBeVisible();
  await expect(page.getByText(/Changed by admin@sovereign\.test on /)).toBeVisible();
  const changes = page.getByRole('table');
  await expect(changes.getByRole('row').nth(1)).toContainText('General');
  await expect(changes.getByRole('row').nth(1)).toContainText('saved');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'General prompt' })).toHaveValue(edited);
  await page.getByRole('button', { name: 'Restore the default General prompt' }).click();
  await expect(page.getByText('General prompt restored to its default')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'General prompt' })).toHaveValue(defaultGeneral);
  await expect(changes.getByRole('row').nth(1)).toContainText('restored the default');
  await expect(
    page.getByRole('button', { name: 'Restore the default General prompt' }),
  ).toBeDisabled();
});
