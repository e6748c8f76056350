import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { confirmAdminSecondFactor, useAdminSession } from '../support/admin-session.ts';
import { expect, expectNoSeriousAxeViolations, signUp, test } from '../support/fixtures.ts';

async function pdfText(path: string): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 0 })
    .promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

test('the admin makes a code, a learner enters it in the shop, sees the new price, pays it and the invoice shows the discount; the admin then changes its terms', async ({
  page,
  browser,
}) => {
  test.slow();
  const code = `SPRING-${randomBytes(3).toString('hex').toUpperCase()}`;

  // The creator makes a 20% code for Energy Sovereignty in the Coupons tab.
  const adminContext = await browser.newContext();
  await useAdminSession(adminContext);
  await confirmAdminSecondFactor();
  const admin = await adminContext.newPage();
  await admin.goto('/admin?tab=coupons');
  const form = admin.getByRole('region', { name: 'New code' });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Discount').selectOption('Percent off');
  await form.getByLabel('Percent').fill('20');
  await form.getByLabel('Energy Sovereignty').check();
  await form.getByLabel('Maximum uses (optional)').fill('10');
  await form.getByRole('button', { name: 'Create code' }).click();
  const row = admin.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('20% off');
  await expect(row).toContainText('0 of 10');
  await expect(row).toContainText('Active');
  await expectNoSeriousAxeViolations(admin);

  // The learner enters it in the shop and sees the new price before paying.
  await signUp(page);
  await page.goto('/buy-now?course=energy-sovereignty');
  await page.getByRole('button', { name: 'Have a code?' }).click();
  await page.getByLabel('Discount code').fill('no-such-code');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('This code is not valid.');
  await page.getByLabel('Discount code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Code ${code}`)).toBeVisible();
  await expect(page.getByText('-€25')).toBeVisible();
  await expect(page.getByText('Total').locator('..')).toContainText('€100');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/test_cs_/);
  await expect(page.getByText(`Code ${code}`)).toBeVisible();
  await expect(page.getByText('Total').locator('..')).toContainText('€100');
  await page.getByLabel('Billing country').selectOption('IE');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Payment successful! Your course access is ready.',
  );

  // The invoice shows what was paid: the course, the discount, €100.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Billing' }).click();
  const invoices = page.getByRole('region', { name: 'Invoices and credit notes' });
  const number = (await invoices.locator('.font-mono').first().textContent())!.replace(
    'Invoice ',
    '',
  );
  const downloading = page.waitForEvent('download');
  await invoices.getByRole('link', { name: `Download Invoice ${number} (PDF)` }).click();
  const text = await pdfText(await (await downloading).path());
  expect(text).toContain('Energy Sovereignty');
  expect(text).toContain(`Discount (Code ${code})`);
  expect(text).toMatch(/Total paid\s+€100\.00/);

  // The code counts one use.
  await admin.reload();
  await expect(admin.getByRole('row').filter({ hasText: code })).toContainText('1 of 10');

  // The creator changes the code's terms: an order used it, so its letters and discount stay,
  // while its uses and expiry change.
  await admin.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = admin.getByRole('region', { name: `Edit code ${code}` });
  await expect(edit.getByLabel('Code')).toBeDisabled();
  await expect(edit.getByLabel('Percent')).toBeDisabled();
  await expect(edit.getByText('its letters and discount stay as they are')).toBeVisible();
  await edit.getByLabel('Maximum uses (optional)').fill('1');
  await edit.getByLabel('Expires on (optional)').fill('2099-06-30');
  await expectNoSeriousAxeViolations(admin);
  await edit.getByRole('button', { name: 'Save code' }).click();
  const saved = admin.getByRole('row').filter({ hasText: code });
  await expect(saved).toContainText('1 of 1');
  await expect(saved).toContainText('2099-06-30');
  await expect(saved).toContainText('20% off');
  await expect(admin.getByRole('region', { name: 'New code' })).toBeVisible();
  await adminContext.close();

  // Its one use is made: the shop now says so.
  await page.goto('/buy-now?course=dragons-clarity');
  await page.getByRole('button', { name: 'Have a code?' }).click();
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This code has been used as many times as it can be.',
  );
});
