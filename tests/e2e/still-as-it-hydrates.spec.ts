import type { Browser, Page } from '@playwright/test';
import { expect, gotoReady, test } from '../support/fixtures.ts';

/**
 * Where each link and button of a page sits, top to bottom. A control that moves as React takes
 * the page over can move from under a finger already pressing it: the tap lands elsewhere.
 */
async function controlPlaces(page: Page) {
  return page.locator('a[href], button').evaluateAll((controls) =>
    controls.map((control) => {
      const box = control.getBoundingClientRect();
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim();
      return `${name.slice(0, 60)} @ ${Math.round(box.top + window.scrollY)}`;
    }),
  );
}

/** The page as the browser first paints it, before any script: the HTML rendered ahead. */
async function placesBeforeScripts(browser: Browser, url: string, width: number) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 844 },
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  await page.goto(url);
  const places = await controlPlaces(page);
  await context.close();
  return places;
}

for (const width of [390, 1280]) {
  for (const url of ['/', '/courses', '/courses/dragons-clarity', '/shop']) {
    test(`${url} at ${width} px: no link or button moves as the page comes alive`, async ({
      browser,
      page,
    }) => {
      const before = await placesBeforeScripts(browser, url, width);
      await page.setViewportSize({ width, height: 844 });
      await gotoReady(page, url);
      // A key press brings every later section to life at once.
      await page.keyboard.press('Shift');
      await expect(page.locator('fieldset[role="presentation"][disabled]')).toHaveCount(0);
      // Controls may join (the header's Register once the session is known), but none moves.
      const after = await controlPlaces(page);
      expect(after.filter((place) => before.includes(place))).toEqual(before);
    });
  }
}
