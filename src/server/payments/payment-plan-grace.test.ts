import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAccessResponse } from '../../shared/api/access.ts';
import type { Billing } from '../../shared/api/account.ts';
import type {
  CustomerSubscriptionsResponse,
  SubscriptionsAtRiskResponse,
} from '../../shared/api/payments.ts';
import { courseEnrollments } from '../db/schema/access.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { paymentPlans } from '../db/schema/payments.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startFakeStripeServer, type FakeStripe } from '../testing/fake-stripe-server.ts';
import { createAdmin, createUser, type TestUser } from '../testing/users.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const GRACE_DAYS = 5;
const COURSE = 'energy-sovereignty';

let fakeStripe: FakeStripe;
let stripeApp: TestApp;
let testModeApp: TestApp;

beforeAll(async () => {
  fakeStripe = await startFakeStripeServer();
  const grace = { PAYMENT_GRACE_DAYS: String(GRACE_DAYS) };
  [stripeApp, testModeApp] = await Promise.all([
    buildTestApp({ ...fakeStripe.environment, ...grace }),
    buildTestApp(grace),
  ]);
});
afterAll(async () => {
  await Promise.all([stripeApp.close(), testModeApp.close()]);
  await fakeStripe.close();
});

const get = (testApp: TestApp, url: string, user: TestUser) =>
  testApp.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
const post = (testApp: TestApp, url: string, user: TestUser, payload: object = {}) =>
  testApp.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload });

const accessTo = async (testApp: TestApp, user: TestUser) =>
  (await get(testApp, '/api/me/access', user))
    .json<MyAccessResponse>()
    .courses.find((course) => course.courseId === COURSE)?.accessType;
const planOf = async (testApp: TestApp, user: TestUser) =>
  (await get(testApp, '/api/account/billing', user)).json<Billing>().paymentPlans[0]!;
const plansAtRisk = async (testApp: TestApp, user: TestUser) =>
  (
    await get(testApp, '/api/get-customer-subscriptions', user)
  ).json<CustomerSubscriptionsResponse>().plansAtRisk;
const failureMails = (testApp: TestApp, user: TestUser) =>
  testApp.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, user.email), like(mailOutbox.subject, '%did not go through')));
const atRiskFor = async (testApp: TestApp, user: TestUser) => {
  const admin = await createAdmin(testApp.app, testApp.db);
  const response = await get(testApp, '/api/admin/subscriptions-at-risk', admin);
  expect(response.statusCode).toBe(200);
  return response
    .json<SubscriptionsAtRiskResponse>()
    .subscriptions.filter((row) => row.userId === user.id);
};
const setProgress = (testApp: TestApp, user: TestUser, progress: number) =>
  testApp.db
    .update(courseEnrollments)
    .set({ progress })
    .where(and(eq(courseEnrollments.userId, user.id), eq(courseEnrollments.courseId, COURSE)));
const progressOf = async (testApp: TestApp, user: TestUser) =>
  (
    await testApp.db
      .select({ progress: courseEnrollments.progress })
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, user.id), eq(courseEnrollments.courseId, COURSE)))
  )[0]?.progress;

describe('a failed payment of a payment plan through Stripe', () => {
  const deliver = (type: string, object: object) => {
    const event = fakeStripe.signedEvent(type, object);
    return stripeApp.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: event.headers,
      payload: event.payload,
    });
  };

  it('keeps the course open for the grace, tells the learner once, pauses after it and reopens on payment with progress kept', async () => {
    const learner = await createUser(stripeApp.app);
    const started = await post(stripeApp, '/api/create-checkout-session', learner, {
      lineItems: [{ price: COURSE, quantity: 1 }],
      mode: 'subscription',
    });
    const session = fakeStripe.completeCheckout(started.json<{ id: string }>().id);
    await deliver('checkout.session.completed', session);
    const subscriptionId = String(session.subscription);
    await setProgress(stripeApp, learner, 40);

    // The second payment is declined: Stripe's two reports, the invoice's and the subscription's.
    const failedAt = Date.now();
    const { invoice, subscription } = fakeStripe.settleRenewal(subscriptionId, 'declined');
    expect((await deliver('invoice.payment_failed', invoice)).statusCode).toBe(200);
    expect((await deliver('customer.subscription.updated', subscription)).statusCode).toBe(200);

    expect(await accessTo(stripeApp, learner)).toBe('paid');
    const [atRisk] = await plansAtRisk(stripeApp, learner);
    expect(atRisk).toMatchObject({ paidCount: 1, accessPausedAt: null });
    const graceEndsAt = new Date(atRisk!.graceEndsAt!).getTime();
    expect(graceEndsAt - failedAt).toBeGreaterThan(GRACE_DAYS * DAY_MS - 60_000);
    expect(graceEndsAt - failedAt).toBeLessThan(GRACE_DAYS * DAY_MS + 60_000);
    const mails = await failureMails(stripeApp, learner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      'Your last payment for Energy Sovereignty did not go through.',
    );
    expect(mails[0]!.text).toContain('/billing/update-card');
    expect(await atRiskFor(stripeApp, learner)).toMatchObject([
      { planProductName: 'Energy Sovereignty', accessPausedAt: null },
    ]);

    // Stripe retries and fails again: the same episode, no second mail.
    const retry = fakeStripe.settleRenewal(subscriptionId, 'declined');
    await deliver('invoice.payment_failed', retry.invoice);
    expect(await failureMails(stripeApp, learner)).toHaveLength(1);

    // The grace runs out: the clock pauses the course; the row and its progress stay.
    await stripeApp.app.clock.tick(new Date(graceEndsAt + 60_000));
    expect(await accessTo(stripeApp, learner)).not.toBe('paid');
    expect((await plansAtRisk(stripeApp, learner))[0]!.accessPausedAt).not.toBeNull();
    expect((await atRiskFor(stripeApp, learner))[0]!.accessPausedAt).not.toBeNull();
    expect(await progressOf(stripeApp, learner)).toBe(40);

    // The learner updates the card and Stripe takes the payment: the course reopens.
    await deliver('invoice.paid', fakeStripe.payNextInvoice(subscriptionId));
    expect(await accessTo(stripeApp, learner)).toBe('paid');
    expect(await planOf(stripeApp, learner)).toMatchObject({
      paidCount: 2,
      graceEndsAt: null,
      accessPausedAt: null,
    });
    expect(await plansAtRisk(stripeApp, learner)).toEqual([]);
    expect(await atRiskFor(stripeApp, learner)).toEqual([]);
    expect(await progressOf(stripeApp, learner)).toBe(40);
  });
});

describe('a failed payment of a payment plan in payment test mode', () => {
  it('declines on the due day with a declining test card, and the grace follows the clock', async () => {
    const learner = await createUser(testModeApp.app);
    const { id } = (
      await post(testModeApp, '/api/create-checkout-session', learner, {
        lineItems: [{ price: COURSE, quantity: 1 }],
        mode: 'subscription',
      })
    ).json<{ id: string }>();
    const paid = await post(testModeApp, `/api/checkout/test-sessions/${id}/pay`, learner, {
      testCard: 'declines-later',
    });
    expect(paid.statusCode).toBe(200);
    await setProgress(testModeApp, learner, 60);
    const dueAt = new Date((await planOf(testModeApp, learner)).nextDueAt!);

    await testModeApp.app.clock.tick(dueAt);
    await testModeApp.app.clock.tick(dueAt);
    expect(await planOf(testModeApp, learner)).toMatchObject({ paidCount: 1 });
    const [atRisk] = await plansAtRisk(testModeApp, learner);
    expect(new Date(atRisk!.graceEndsAt!).getTime()).toBe(dueAt.getTime() + GRACE_DAYS * DAY_MS);
    expect(await failureMails(testModeApp, learner)).toHaveLength(1);
    expect(await accessTo(testModeApp, learner)).toBe('paid');

    await testModeApp.app.clock.tick(new Date(dueAt.getTime() + GRACE_DAYS * DAY_MS));
    expect(await accessTo(testModeApp, learner)).not.toBe('paid');
    expect((await atRiskFor(testModeApp, learner))[0]!.accessPausedAt).not.toBeNull();

    // The test billing page's working card: the failed payment is taken, the course reopens.
    const updated = await post(testModeApp, `/api/billing/test-card/${id}`, learner);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ isPaid: true });
    expect(await accessTo(testModeApp, learner)).toBe('paid');
    expect(await progressOf(testModeApp, learner)).toBe(60);
    expect(await planOf(testModeApp, learner)).toMatchObject({ paidCount: 2, graceEndsAt: null });
    expect(await plansAtRisk(testModeApp, learner)).toEqual([]);
    // The card now pays: the third payment is taken on its day.
    const thirdDueAt = new Date((await planOf(testModeApp, learner)).nextDueAt!);
    await testModeApp.app.clock.tick(thirdDueAt);
    expect(await planOf(testModeApp, learner)).toMatchObject({ paidCount: 3, status: 'complete' });
  });

  it("keeps the working test card to the plan's buyer: 400, 401, 403 and 404", async () => {
    const learner = await createUser(testModeApp.app);
    const other = await createUser(testModeApp.app);
    const { id } = (
      await post(testModeApp, '/api/create-checkout-session', learner, {
        lineItems: [{ price: COURSE, quantity: 1 }],
        mode: 'subscription',
      })
    ).json<{ id: string }>();
    await post(testModeApp, `/api/checkout/test-sessions/${id}/pay`, learner, {
      testCard: 'declines-later',
    });

    const badCard = await post(testModeApp, `/api/checkout/test-sessions/${id}/pay`, learner, {
      testCard: 'gold',
    });
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json().error.message).toContain('testCard must be one of');
    const badId = await post(testModeApp, '/api/billing/test-card/not%20an%20id', learner);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toContain('checkoutId');

    const signedOut = await testModeApp.app.inject({
      method: 'POST',
      url: `/api/billing/test-card/${id}`,
      payload: {},
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await post(testModeApp, `/api/billing/test-card/${id}`, other)).statusCode).toBe(403);

    // Nothing had failed yet: the card is updated, nothing is taken.
    const updated = await post(testModeApp, `/api/billing/test-card/${id}`, learner);
    expect(updated.json()).toEqual({ isPaid: false });
    const [plan] = await testModeApp.db
      .select({ isTestCardDeclining: paymentPlans.isTestCardDeclining })
      .from(paymentPlans)
      .where(eq(paymentPlans.checkoutId, id));
    expect(plan!.isTestCardDeclining).toBe(false);

    // Live payments have no test card.
    const stripeLearner = await createUser(stripeApp.app);
    const live = await post(stripeApp, `/api/billing/test-card/${id}`, stripeLearner);
    expect(live.statusCode).toBe(404);
  });
});
