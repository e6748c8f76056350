import type { ConsoleMessage, Page } from '@playwright/test';
import { E2E_CONTACT_EMAIL } from '../../playwright.config.ts';
import { expect, expectNoSeriousAxeViolations, gotoReady, test } from '../support/fixtures.ts';
import { JS_BUDGET_BYTES, loadUntilHydrated, recordDownloads } from '../support/page-weight.ts';

/** The pages rendered at build time, each with text a visitor reads first. */
const publicPages = [
  { path: '/', heading: 'Remember the fire you were born with' },
  { path: '/courses', heading: 'The Courses' },
  { path: '/shop', heading: '30-Day Money-Back Guarantee' },
  { path: '/login', heading: 'Welcome Back' },
  { path: '/register', heading: 'Begin Your Journey' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/courses/energy-sovereignty', heading: 'Energy Sovereignty' },
  { path: '/courses/dragons-clarity', heading: "Dragon's Clarity" },
];

/** Every error the page reports: React's hydration mismatches and CSP refusals among them. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of publicPages) {
    test(`${path} shows its text, rendered before any script`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    });
  }

  test('the sign-in form cannot be sent before the app runs, so no password reaches the address', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign In' }).last()).toBeDisabled();
  });

  test('the catalogue shows the courses and their prices', async ({ page }) => {
    await page.goto('/courses');
    await expect(page.getByRole('heading', { name: 'All Courses' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Buy Now: Energy Sovereignty' })).toBeVisible();
    await expect(page.getByText('€125').first()).toBeVisible();
  });
});

for (const { path, heading } of publicPages) {
  test(`${path} comes alive without a hydration error`, async ({ page }) => {
    const errors = collectErrors(page);
    await gotoReady(page, path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}

test('the rendered landing page answers clicks once loaded', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Begin Your Sacred Assessment' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a first visit to the landing page downloads no more JavaScript than its budget', async ({
  page,
}) => {
  const downloads = recordDownloads(page);
  await loadUntilHydrated(page, '/');
  const scripts = (await downloads()).filter((file) => file.type === 'script');
  const total = scripts.reduce((sum, file) => sum + file.gzipBytes, 0);
  const listing = scripts.map((file) => `${file.gzipBytes} B gzipped  ${file.url}`).join('\n');
  expect(total, `the scripts of a first visit to /:\n${listing}`).toBeLessThanOrEqual(
    JS_BUDGET_BYTES,
  );
});

test('the landing page loads the code of its later sections only when the visitor scrolls to them', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const laterSectionsCode: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/assets/later-sections-')) laterSectionsCode.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const faq = page.getByRole('region', { name: 'Questions You May Be Holding' });
  const question = faq.getByRole('button', { name: 'What if the programme is not right for me?' });
  // Rendered and readable, but not yet alive.
  await expect(question).toBeDisabled();
  expect(laterSectionsCode).toEqual([]);

  // A section link moves within the page and keeps what it shows.
  await page.getByRole('banner').getByRole('link', { name: "Who It's For", exact: true }).click();
  await expect(page.getByRole('heading', { name: "Who It's For" })).toBeInViewport();
  await faq.scrollIntoViewIfNeeded();
  await question.click();
  await expect(
    faq.getByText('Every course comes with a 30-day money-back guarantee.'),
  ).toBeVisible();
  expect(laterSectionsCode).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('a keyboard visitor can tab to the later sections without scrolling to them first', async ({
  page,
}) => {
  await page.goto('/');
  const question = page.getByRole('button', { name: 'What if the programme is not right for me?' });
  // Once the page is alive: the first section's controls are enabled, the later ones not yet.
  await expect(page.getByRole('button', { name: 'Begin Your Sacred Assessment' })).toBeEnabled();
  await expect(question).toBeDisabled();
  await page.keyboard.press('Tab');
  await expect(question).toBeEnabled();
});

test('the landing page reached from another page shows every section at once', async ({ page }) => {
  // A page drawn in the browser, so its link is the app's from the start.
  await page.goto('/forgot-password');
  await page.getByRole('link', { name: 'Sovereign Flame home' }).click();
  const question = page.getByRole('button', { name: 'What if the programme is not right for me?' });
  await expect(question).toBeEnabled();
  await question.click();
  await expect(
    page.getByText('Every course comes with a 30-day money-back guarantee.'),
  ).toBeVisible();
});

test('a rendered legal page takes the running server’s contact address', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('link', { name: E2E_CONTACT_EMAIL }).first()).toBeVisible();
});

test('a learner who chose the dark theme gets it before the app’s scripts run', async ({
  page,
}) => {
  const errors = collectErrors(page);
  // Without the app's scripts, only the inline theme script in <head> can set the theme.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.addInitScript(() => localStorage.setItem('sovereign-flame:theme', 'dark'));
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'The Courses' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(errors.filter((error) => !error.includes('net::ERR_FAILED'))).toEqual([]);
});

test('a page whose code cannot load says so, and offers a reload', async ({ page }) => {
  await page.route('**/assets/forgot-password-route-*.js', (route) => route.abort());
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'This page could not be shown' })).toBeVisible();
  await page.unroute('**/assets/forgot-password-route-*.js');
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
});

test('an unknown address says so inside the site’s own header and footer', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  const header = page.getByRole('banner');
  await expect(header.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await header.getByRole('link', { name: 'Sovereign Flame' }).first().click();
  await expect(page).toHaveURL('/');
  await expectNoSeriousAxeViolations(page);
});
