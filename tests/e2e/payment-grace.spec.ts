import type { Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FAKE_SMTP_PORT, STRIPE_APP_PORT } from '../../playwright.config.ts';
import { totpCodeFor } from '../../src/server/testing/totp.ts';
import {
  startFakeStripeServer,
  type FakeStripe,
} from '../../src/server/testing/fake-stripe-server.ts';
import {
  expect,
  expectNoSeriousAxeViolations,
  gotoReady,
  latestMailTo,
  PASSWORD,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';

/**
 * A failed renewal needs Stripe: the other journeys' app runs in payment test mode, which has no
 * subscriptions. This journey starts an app of its own against the local fake of Stripe, which
 * plays the card being declined and then paid.
 */
const appUrl = `http://localhost:${STRIPE_APP_PORT}`;
let fakeStripe: FakeStripe;
let app: ChildProcess;
let dataDir: string;
/** This app's operator (ADMIN_EMAIL), for the admin panel's list of payments at risk. */
const stripeAppAdmin = { email: 'grace-admin@example.com', password: PASSWORD };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fakeStripe = await startFakeStripeServer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'sf-e2e-stripe-'));
  app = spawn('node', ['dist/server/main.js'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      ...fakeStripe.environment,
      PORT: String(STRIPE_APP_PORT),
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      SMTP_URL: `smtp://127.0.0.1:${FAKE_SMTP_PORT}`,
      ADMIN_EMAIL: stripeAppAdmin.email,
      ADMIN_PASSWORD: stripeAppAdmin.password,
      LOG_LEVEL: 'warn',
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${appUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      {
        timeout: 150_000,
        intervals: [1000],
      },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (app.exitCode === null) {
    app.kill('SIGTERM');
    await once(app, 'exit');
  }
  await fakeStripe?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Stripe's webhook delivery of one event to the app. */
async function deliver(type: string, object: object) {
  const event = fakeStripe.signedEvent(type, object);
  const response = await fetch(`${appUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: event.headers,
    body: event.payload,
  });
  expect(response.status).toBe(200);
}

/** A learner of that app, signed in by the link mailed to them, as `signUp` does on the main one. */
async function signUpOnStripeApp(page: Page, email: string) {
  const created = await page.request.post(`${appUrl}/api/auth/sign-up/email`, {
    data: { firstName: 'Rosa', lastName: 'Vale', email, password: PASSWORD },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const mail = await latestMailTo(email, 'Confirm your Sovereign Flame email address');
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  expect((await page.request.get(link!)).ok()).toBe(true);
}

/** A subscriber of that app, with a subscription Stripe started for them. */
async function startSubscriber(page: Page, email: string) {
  await signUpOnStripeApp(page, email);
  // Starting a checkout makes the learner a Stripe customer, as their first purchase would.
  const checkout = await page.request.post(`${appUrl}/api/create-checkout-session`, {
    data: { lineItems: [{ price: 'energy-sovereignty', quantity: 1 }] },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const customer = [...fakeStripe.customers.values()].find((entry) => entry.email === email);
  const subscription = fakeStripe.createSubscription(customer!.id);
  await deliver('customer.subscription.created', subscription);
  return subscription;
}

/** The operator's first sign-in on that app, setting up two-factor sign-in as the panel asks. */
async function signInAsStripeAppAdmin(page: Page) {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Email').fill(stripeAppAdmin.email);
  await page.getByLabel('Password', { exact: true }).fill(stripeAppAdmin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${appUrl}/dashboard`);
  await gotoReady(page, `${appUrl}/admin`);
  await page.getByRole('link', { name: 'Set Up Two-Factor Sign-In' }).click();
  await page.getByRole('button', { name: 'Setup 2FA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await dialog.getByLabel('Password').fill(stripeAppAdmin.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const key = await page.locator('code').textContent();
  await page
    .getByLabel('Authentication code')
    .fill(totpCodeFor(`otpauth://totp/admin?secret=${key}`));
  await page.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(page.getByRole('button', { name: 'Turn Off 2FA' })).toBeVisible();
}

async function renewal(subscriptionId: string, outcome: 'declined' | 'paid') {
  const { invoice, subscription } = fakeStripe.settleRenewal(subscriptionId, outcome);
  await deliver(outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
  await deliver('customer.subscription.updated', subscription);
}

test('a subscriber whose card is declined keeps access, updates the card, and the notice goes once paid', async ({
  page,
}) => {
  const email = uniqueEmail('subscriber');
  const subscription = await startSubscriber(page, email);

  await renewal(subscription.id, 'declined');

  await gotoReady(page, `${appUrl}/dashboard`);
  const notice = page.getByRole('region', { name: 'Your last payment did not go through' });
  await expect(notice).toContainText('Your courses stay open until');
  await expectNoSeriousAxeViolations(page);

  // The courses stay open through the grace.
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page.getByRole('region', { name: 'Your Subscription' })).toContainText(
    'Paid member',
  );

  // A lesson opens, with the same notice.
  await gotoReady(
    page,
    `${appUrl}/courses/energy-sovereignty/modules/reclaiming-your-field/lessons/what-energy-sovereignty-means`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What Energy Sovereignty Means');
  await expect(notice).toContainText('Update your card to keep your access.');
  await notice.getByRole('button', { name: 'Update card' }).click();
  await expect(page).toHaveURL(/\/p\/session\/bps_/);
  await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible();
  await page.getByRole('link', { name: 'Return' }).click();
  await expect(page).toHaveURL(/\/lessons\/what-energy-sovereignty-means$/);

  // The mail links to a page that opens a fresh portal session.
  const mail = await latestMailTo(email, 'Your Sovereign Flame payment did not go through');
  const link = mail.text.match(/https?:\/\/\S+\/billing\/update-card/)?.[0];
  expect(link).toBe(`${appUrl}/billing/update-card`);
  await page.goto(link!);
  await expect(page).toHaveURL(/\/p\/session\/bps_/);

  // The retry with the new card is paid.
  await renewal(subscription.id, 'paid');
  await gotoReady(page, `${appUrl}/dashboard`);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test("the admin sees a learner's declined renewal under Payments at risk, opens them in Access, and the entry goes once paid", async ({
  browser,
}) => {
  const learnerContext = await browser.newContext();
  const email = uniqueEmail('at-risk');
  const subscription = await startSubscriber(await learnerContext.newPage(), email);
  await learnerContext.close();
  await renewal(subscription.id, 'declined');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsStripeAppAdmin(admin);
  await gotoReady(admin, `${appUrl}/admin?tab=users`);
  const atRisk = admin.getByRole('region', { name: 'Payments at risk' });
  const entry = atRisk.getByRole('listitem').filter({ hasText: email });
  await expect(entry).toContainText('payment failed');
  await expect(entry).toContainText('open until');
  await expectNoSeriousAxeViolations(admin);

  await entry.getByRole('button', { name: `Manage ${email}` }).click();
  await expect(admin).toHaveURL(/tab=access/);
  await expect(admin.getByText(email).first()).toBeVisible();

  // The retry is paid: the learner leaves the list.
  await renewal(subscription.id, 'paid');
  await gotoReady(admin, `${appUrl}/admin?tab=users`);
  await expect(atRisk).toBeVisible();
  await expect(atRisk.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  await adminContext.close();
});
