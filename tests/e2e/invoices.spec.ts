import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { AdminSettings } from '../../src/shared/api/settings.ts';
import { adminCookieHeader } from '../support/admin-session.ts';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, signUp, test } from '../support/fixtures.ts';

const SELLER = 'Sovereign Flame Studio Ltd';

// Both journeys save the seller's settings, which carry a version: one at a time.
test.describe.configure({ mode: 'default' });

async function pdfText(path: string): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 0 })
    .promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

/** The creator's legal details (in Ireland) and Germany's and France's rates, as saved in the admin panel. */
async function setSeller(page: Page) {
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
      vatRates: { ...vatRates, DE: 1900, FR: 2000 },
    },
  });
  expect(saved.status()).toBe(200);
}

async function downloadFirstInvoice(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Billing' }).click();
  const invoices = page.getByRole('region', { name: 'Invoices and credit notes' });
  const number = (await invoices.locator('.font-mono').first().textContent())!.replace(
    'Invoice ',
    '',
  );
  const downloading = page.waitForEvent('download');
  await invoices.getByRole('link', { name: `Download Invoice ${number} (PDF)` }).click();
  return { invoices, number, text: await pdfText(await (await downloading).path()) };
}

test("a learner buys in test mode and downloads the invoice from Billing, with its number, VAT lines and the seller's name", async ({
  page,
}) => {
  await setSeller(page);
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

test('a business in another EU country gives its VAT number on the test payment page and pays the price without VAT, invoiced as reverse charge', async ({
  page,
}) => {
  await setSeller(page);
  await signUp(page);
  await page.goto('/buy-now?course=energy-sovereignty');
  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/test_cs_/);
  await page.getByLabel('Billing country').selectOption('FR');
  await page.getByRole('checkbox', { name: 'I am buying as a business' }).check();
  const vatNumber = page.getByRole('textbox', { name: 'VAT number' });
  await vatNumber.fill('FR123');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(vatNumber).toBeFocused();
  await expect(
    page.getByText('Enter an EU VAT number with its country prefix').first(),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await vatNumber.fill('FR 12 345678901');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Payment successful! Your course access is ready.',
  );

  const { invoices, text } = await downloadFirstInvoice(page);
  // €125 is the consumer price with France's 20 % inside: the business pays the €104.17 net.
  await expect(invoices.getByRole('listitem').first()).toContainText('€104.17');
  await expect(invoices.getByRole('listitem').first()).toContainText('Reverse charge, no VAT');
  expect(text).toContain('VAT number: FR12345678901');
  expect(text).toContain('Reverse charge');
  expect(text).toMatch(/Total net\s+€104\.17/);
  expect(text).toMatch(/Total paid\s+€104\.17/);
});

test('a business gives its VAT number in the shop and goes to checkout with the VAT already taken off', async ({
  page,
}) => {
  await setSeller(page);
  await signUp(page);
  await page.goto('/buy-now?course=energy-sovereignty');
  await page.getByRole('button', { name: 'Buying as a business?' }).click();
  await page.getByLabel('Business country').selectOption('FR');
  const vatNumber = page.getByRole('textbox', { name: 'Business VAT number' });
  await vatNumber.fill('DE123456789');
  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  await expect(vatNumber).toBeFocused();
  await expect(
    page.getByText('The VAT number must be of the country chosen (Greece: EL)').first(),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await vatNumber.fill('FR12345678901');
  // The shop shows the net before checkout, as checkout will take it.
  await expect(page.getByText('Without VAT (reverse charge): €104.17.')).toBeVisible();
  await page.getByRole('button', { name: 'Secure Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/test_cs_/);
  await expect(page.getByText('VAT removed: reverse charge (FR12345678901)')).toBeVisible();
  await expect(page.getByText('Total').locator('..')).toContainText('€104.17');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Payment successful! Your course access is ready.',
  );
});
