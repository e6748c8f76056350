import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { AdminSettings } from '../../src/shared/api/settings.ts';
import { adminCookieHeader } from '../support/admin-session.ts';
import { expect, expectNoSeriousAxeViolations, signUp, test } from '../support/fixtures.ts';

const SELLER = 'Sovereign Flame Studio Ltd';

async function pdfText(path: string): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 0 })
    .promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

test("a learner buys in test mode and downloads the invoice from Billing, with its number, VAT lines and the seller's name", async ({
  page,
}) => {
  // The creator's legal details and Germany's rate, as saved in the admin panel's settings.
  const headers = { cookie: adminCookieHeader() };
  const current = await (await page.request.get('/api/admin/settings', { headers })).json();
  const { version, maintenanceMode, maxUsers, features, vatRates } = current as AdminSettings;
  const saved = await page.request.put('/api/admin/settings', {
    headers,
    data: {
      version,
      maintenanceMode,
      maxUsers,
      features,
      seller: { legalName: SELLER, address: '1 Flame Street\nDublin', vatNumber: 'IE1234567T' },
      vatRates: { ...vatRates, DE: 1900 },
    },
  });
  expect(saved.status()).toBe(200);

  await signUp(page);
  await page.goto('/buy-now?course=energy-sovereignty');
  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/test_cs_/);
  await page.getByLabel('Billing country').selectOption('DE');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Payment successful! Your course access is ready.',
  );

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Billing' }).click();
  const invoices = page.getByRole('region', { name: 'Invoices and credit notes' });
  const number = (await invoices.locator('.font-mono').first().textContent())!.replace(
    'Invoice ',
    '',
  );
  expect(number).toMatch(/^TEST-\d{4}-\d{4}$/);
  await expectNoSeriousAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await invoices.getByRole('link', { name: `Download Invoice ${number} (PDF)` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toContain(`${number}.pdf`);
  const text = await pdfText(await download.path());
  expect(text).toContain(`Invoice ${number}`);
  expect(text).toContain(SELLER);
  expect(text).toContain('Country: DE');
  // €125 with Germany's 19 % inside: €105.04 net and €19.96 VAT.
  expect(text).toMatch(/Total net\s+€105\.04/);
  expect(text).toMatch(/VAT 19%\s+€19\.96/);
  expect(text).toMatch(/Total paid\s+€125\.00/);
});
