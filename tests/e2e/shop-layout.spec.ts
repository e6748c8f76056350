import type { Browser } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

const phone = { width: 390, height: 844 };

/** Where the guarantee stands on a phone: as rendered at build time, or once the app runs. */
async function guaranteeTop(browser: Browser, javaScriptEnabled: boolean): Promise<number> {
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto('/shop');
  if (javaScriptEnabled) {
    await expect(page.getByRole('button', { name: 'Secure Checkout' })).toBeEnabled();
    await page.waitForLoadState('networkidle');
  }
  const guarantee = page.getByText('30-Day Money-Back Guarantee', { exact: true });
  await expect(guarantee).toBeVisible();
  const box = await guarantee.boundingBox();
  await context.close();
  return box!.y;
}

// Lighthouse gave /shop a layout shift of 0.76 on a phone: "Loading..." stood where the form
// comes, and everything below it moved down when the form came.
test('the shop on a phone does not move when the app takes over the rendered page', async ({
  browser,
}) => {
  const rendered = await guaranteeTop(browser, false);
  const running = await guaranteeTop(browser, true);
  expect(Math.abs(running - rendered)).toBeLessThan(24);
});

test('the form the shop arrives with cannot be used until the buyer is known', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/shop');
  await expect(page.getByText('Begin Your Sovereign Journey')).toBeVisible();
  await expect(page.locator('form[inert][aria-busy="true"]')).toHaveCount(1);
  await context.close();
});
