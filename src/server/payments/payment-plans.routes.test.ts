import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Billing } from '../../shared/api/account.ts';
import type { MyAccessResponse } from '../../shared/api/access.ts';
import type { TestCheckout } from '../../shared/api/payments.ts';
import { paymentPlanMessages } from '../../shared/rules/payment-plans.ts';
import type { AdminUserDetail } from '../../shared/api/admin.ts';
import type { Inbox, InboxItem } from '../../shared/api/inbox.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { invoices, subscriptions } from '../db/schema/payments.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startFakeStripeServer, type FakeStripe } from '../testing/fake-stripe-server.ts';
import { waitForMailTo } from '../testing/mail.ts';
import { confirmFreshSecondFactor } from '../testing/second-factor.ts';
import { createAdmin, createUser, type TestUser } from '../testing/users.ts';

let fakeStripe: FakeStripe;
let stripeApp: TestApp;
let testModeApp: TestApp;

beforeAll(async () => {
  fakeStripe = await startFakeStripeServer();
  // A contact address lets buyers ask for a refund.
  const contact = { CONTACT_EMAIL: 'care@plans.example' };
  [stripeApp, testModeApp] = await Promise.all([
    buildTestApp({ ...fakeStripe.environment, ...contact }),
    buildTestApp(contact),
  ]);
});
afterAll(async () => {
  await Promise.all([stripeApp.close(), testModeApp.close()]);
  await fakeStripe.close();
});

const request = (
  testApp: TestApp,
  method: 'GET' | 'POST',
  url: string,
  user?: TestUser,
  payload?: object,
) =>
  testApp.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload ? { payload } : {}),
  });

const startPlan = (testApp: TestApp, user: TestUser | undefined, productIds: string[]) =>
  request(testApp, 'POST', '/api/create-checkout-session', user, {
    lineItems: productIds.map((price) => ({ price, quantity: 1 })),
    mode: 'subscription',
  });

const billingOf = async (testApp: TestApp, user: TestUser) =>
  (await request(testApp, 'GET', '/api/account/billing', user)).json<Billing>();

const accessTo = async (testApp: TestApp, user: TestUser, courseId: string) => {
  const response = await request(testApp, 'GET', '/api/me/access', user);
  return response.json<MyAccessResponse>().courses.find((course) => course.courseId === courseId)
    ?.accessType;
};

/** Stripe posts a signed event to the Stripe-mode app. */
const deliver = (event: ReturnType<FakeStripe['signedEvent']>) =>
  stripeApp.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: event.headers,
    payload: event.payload,
  });

/**
 * A course plan started through Stripe, its Checkout completed and its second instalment paid:
 * two payments made. Returns the checkout and its subscription.
 */
async function startPlanWithTwoPayments(buyer: TestUser) {
  const { id } = (await startPlan(stripeApp, buyer, ['energy-sovereignty'])).json<{ id: string }>();
  const session = fakeStripe.completeCheckout(id);
  await deliver(fakeStripe.signedEvent('checkout.session.completed', session));
  const subscriptionId = String(session.subscription);
  await deliver(fakeStripe.signedEvent('invoice.paid', fakeStripe.payNextInvoice(subscriptionId)));
  return { id, subscriptionId };
}

const daysAfter = (date: Date | string, days: number) =>
  new Date(new Date(date).getTime() + days * 24 * 60 * 60 * 1000);

describe('a payment plan in payment test mode', () => {
  it('opens the course at the first of 3 payments and takes the others monthly on the clock, each invoiced once', async () => {
    const buyer = await createUser(testModeApp.app);
    const started = await startPlan(testModeApp, buyer, ['energy-sovereignty']);
    expect(started.statusCode).toBe(200);
    const { id } = started.json<{ id: string }>();

    const page = await request(testModeApp, 'GET', `/api/checkout/test-sessions/${id}`, buyer);
    expect(page.json<TestCheckout>()).toMatchObject({
      items: [{ name: 'Energy Sovereignty (payment 1 of 3)', priceCents: 4_167 }],
      totalCents: 4_167,
      plan: { count: 3, instalmentCents: 4_167 },
    });
    expect(await accessTo(testModeApp, buyer, 'energy-sovereignty')).toBe('none');

    const paid = await request(
      testModeApp,
      'POST',
      `/api/checkout/test-sessions/${id}/pay`,
      buyer,
      { billingCountry: 'IE' },
    );
    expect(paid.statusCode).toBe(200);
    expect(await accessTo(testModeApp, buyer, 'energy-sovereignty')).toBe('paid');

    const afterFirst = await billingOf(testModeApp, buyer);
    expect(afterFirst.paymentPlans).toMatchObject([
      { checkoutId: id, productName: 'Energy Sovereignty', count: 3, paidCount: 1 },
    ]);
    const nextDueAt = afterFirst.paymentPlans[0]!.nextDueAt!;
    expect(new Date(nextDueAt).getTime()).toBeGreaterThan(daysAfter(new Date(), 27).getTime());
    expect(afterFirst.invoices.map((invoice) => invoice.grossCents)).toEqual([4_167]);

    // Not due yet: nothing is taken.
    await testModeApp.app.clock.tick(daysAfter(nextDueAt, -1));
    expect((await billingOf(testModeApp, buyer)).paymentPlans[0]!.paidCount).toBe(1);

    // Due: taken once, however often the clock ticks.
    await testModeApp.app.clock.tick(daysAfter(nextDueAt, 0));
    await testModeApp.app.clock.tick(daysAfter(nextDueAt, 0));
    const afterSecond = await billingOf(testModeApp, buyer);
    expect(afterSecond.paymentPlans[0]).toMatchObject({ paidCount: 2, status: 'active' });
    expect(afterSecond.invoices).toHaveLength(2);

    await testModeApp.app.clock.tick(daysAfter(afterSecond.paymentPlans[0]!.nextDueAt!, 0));
    const done = await billingOf(testModeApp, buyer);
    expect(done.paymentPlans[0]).toMatchObject({
      paidCount: 3,
      status: 'complete',
      nextDueAt: null,
    });
    expect(done.invoices).toHaveLength(3);
    expect(done.purchases[0]!.amountPaidCents).toBe(12_501);
    const lines = await testModeApp.db
      .select({ lines: invoices.lines, instalment: invoices.instalment })
      .from(invoices)
      .where(eq(invoices.checkoutId, id));
    expect(lines.map((invoice) => invoice.lines[0]!.description).sort()).toEqual([
      'Energy Sovereignty (payment 1 of 3)',
      'Energy Sovereignty (payment 2 of 3)',
      'Energy Sovereignty (payment 3 of 3)',
    ]);

    await testModeApp.app.clock.tick(daysAfter(nextDueAt, 120));
    expect((await billingOf(testModeApp, buyer)).invoices).toHaveLength(3);

    // Each later payment is mailed with its invoice (the mail never holds up the payment).
    const instalmentMails = async () =>
      (
        await testModeApp.db
          .select({ subject: mailOutbox.subject, text: mailOutbox.text })
          .from(mailOutbox)
          .where(eq(mailOutbox.to, buyer.email))
      )
        .filter((mail) => mail.subject.startsWith(`Your ${PRODUCT_NAME} payment`))
        .sort((a, b) => a.subject.localeCompare(b.subject));
    await expect
      .poll(async () => (await instalmentMails()).map((mail) => mail.subject))
      .toEqual([`Your ${PRODUCT_NAME} payment 2 of 3`, `Your ${PRODUCT_NAME} payment 3 of 3`]);
    expect((await instalmentMails())[1]!.text).toContain(
      'We took €41.67 for Energy Sovereignty: Paid in full: 3 of 3 payments.',
    );

    // The admin's user view shows the same plan; a learner may not read it there.
    const admin = await createAdmin(testModeApp.app, testModeApp.db);
    const detail = await request(testModeApp, 'GET', `/api/admin/users/${buyer.id}`, admin);
    expect(detail.json<AdminUserDetail>().paymentPlans).toMatchObject([
      { checkoutId: id, paidCount: 3, status: 'complete' },
    ]);
    const asLearner = await request(testModeApp, 'GET', `/api/admin/users/${buyer.id}`, buyer);
    expect(asLearner.statusCode).toBe(403);
  });

  it('credits the bundle with every payment a course plan has taken, then takes no more of that plan', async () => {
    const buyer = await createUser(testModeApp.app);
    const { id } = (await startPlan(testModeApp, buyer, ['energy-sovereignty'])).json<{
      id: string;
    }>();
    await request(testModeApp, 'POST', `/api/checkout/test-sessions/${id}/pay`, buyer, {});
    const nextDueAt = (await billingOf(testModeApp, buyer)).paymentPlans[0]!.nextDueAt!;
    await testModeApp.app.clock.tick(daysAfter(nextDueAt, 0));
    expect((await billingOf(testModeApp, buyer)).paymentPlans[0]!.paidCount).toBe(2);

    const offer = await request(testModeApp, 'GET', '/api/checkout/bundle-offer', buyer);
    expect(offer.json()).toMatchObject({ creditCents: 8_334, totalCents: 25_000 - 8_334 });

    const bundle = (
      await request(testModeApp, 'POST', '/api/create-checkout-session', buyer, {
        lineItems: [{ price: 'complete-bundle', quantity: 1 }],
      })
    ).json<{ id: string }>();
    await request(testModeApp, 'POST', `/api/checkout/test-sessions/${bundle.id}/pay`, buyer, {});

    const billing = await billingOf(testModeApp, buyer);
    expect(billing.paymentPlans[0]).toMatchObject({
      checkoutId: id,
      paidCount: 2,
      status: 'settled',
      nextDueAt: null,
    });
    // The third payment's day comes and goes: nothing more is taken for the course.
    await testModeApp.app.clock.tick(daysAfter(nextDueAt, 40));
    const after = await billingOf(testModeApp, buyer);
    expect(after.invoices.map((invoice) => invoice.grossCents).sort()).toEqual(
      [25_000 - 8_334, 4_167, 4_167].sort(),
    );
    expect(await accessTo(testModeApp, buyer, 'energy-sovereignty')).toBe('paid');
  });

  it('answers 401 without a session', async () => {
    expect((await startPlan(testModeApp, undefined, ['energy-sovereignty'])).statusCode).toBe(401);
  });

  it('refuses with 400 a plan of more than one product, and the bundle with a credit', async () => {
    const buyer = await createUser(testModeApp.app);
    const two = await startPlan(testModeApp, buyer, ['energy-sovereignty', 'sovereign-flame']);
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe(paymentPlanMessages.oneProduct);

    const { id } = (
      await request(testModeApp, 'POST', '/api/create-checkout-session', buyer, {
        lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
      })
    ).json<{ id: string }>();
    await request(testModeApp, 'POST', `/api/checkout/test-sessions/${id}/pay`, buyer, {});
    const credited = await startPlan(testModeApp, buyer, ['complete-bundle']);
    expect(credited.statusCode).toBe(400);
    expect(credited.json().error.message).toBe(paymentPlanMessages.withCredit);
  });

  it("answers 403 to another learner's plan checkout", async () => {
    const buyer = await createUser(testModeApp.app);
    const other = await createUser(testModeApp.app);
    const { id } = (await startPlan(testModeApp, buyer, ['complete-bundle'])).json<{
      id: string;
    }>();
    const seen = await request(testModeApp, 'GET', `/api/checkout/test-sessions/${id}`, other);
    expect(seen.statusCode).toBe(403);
    const paid = await request(
      testModeApp,
      'POST',
      `/api/checkout/test-sessions/${id}/pay`,
      other,
      {},
    );
    expect(paid.statusCode).toBe(403);
    expect((await billingOf(testModeApp, other)).paymentPlans).toEqual([]);
    // Unpaid, the plan is nowhere on the buyer's Billing tab either.
    expect((await billingOf(testModeApp, buyer)).paymentPlans).toEqual([]);
  });
});

describe('a payment plan through Stripe', () => {
  it('is a monthly subscription whose first invoice opens the access, each later one counted once, ending after the last', async () => {
    const buyer = await createUser(stripeApp.app);
    const started = await startPlan(stripeApp, buyer, ['complete-bundle']);
    expect(started.statusCode).toBe(200);
    const { id } = started.json<{ id: string }>();
    const created = fakeStripe.requests.findLast(
      (sent) => sent.path === '/v1/checkout/sessions' && sent.method === 'POST',
    )!.body as {
      mode: string;
      line_items: { price_data: { unit_amount: string; recurring: { interval: string } } }[];
      subscription_data: { metadata: { paymentPlanCount: string } };
    };
    expect(created.mode).toBe('subscription');
    expect(created.line_items[0]!.price_data).toMatchObject({
      unit_amount: '8334',
      recurring: { interval: 'month' },
    });
    expect(created.subscription_data.metadata.paymentPlanCount).toBe('3');

    const session = fakeStripe.completeCheckout(id);
    expect(
      (await deliver(fakeStripe.signedEvent('checkout.session.completed', session))).statusCode,
    ).toBe(200);
    expect(await accessTo(stripeApp, buyer, 'energy-sovereignty')).toBe('paid');
    const subscriptionId = String(session.subscription);
    const subscription = fakeStripe.subscriptions.get(subscriptionId)!;

    // The subscription's own record and its first invoice are the Checkout's: nothing more.
    await deliver(fakeStripe.signedEvent('customer.subscription.created', subscription));
    const first = fakeStripe.invoices.get(String(session.invoice))!;
    expect(first.billing_reason).toBe('subscription_create');
    await deliver(fakeStripe.signedEvent('invoice.paid', first));
    expect(
      await stripeApp.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)),
    ).toEqual([]);
    expect((await billingOf(stripeApp, buyer)).paymentPlans[0]).toMatchObject({
      paidCount: 1,
      count: 3,
      instalmentCents: 8_334,
    });

    const second = fakeStripe.payNextInvoice(subscriptionId);
    await deliver(fakeStripe.signedEvent('invoice.paid', second));
    // Stripe delivers an event again, under another id: still counted once.
    await deliver(fakeStripe.signedEvent('invoice.paid', second));
    expect((await billingOf(stripeApp, buyer)).paymentPlans[0]!.paidCount).toBe(2);
    expect(subscription.cancel_at_period_end).toBe(false);

    await deliver(
      fakeStripe.signedEvent('invoice.paid', fakeStripe.payNextInvoice(subscriptionId)),
    );
    const billing = await billingOf(stripeApp, buyer);
    expect(billing.paymentPlans[0]).toMatchObject({ paidCount: 3, status: 'complete' });
    expect(billing.invoices.map((invoice) => invoice.grossCents)).toEqual([8_334, 8_334, 8_334]);
    expect(subscription.cancel_at_period_end).toBe(true);
  });

  it('cancels a course plan at Stripe when the bundle is bought, crediting what the plan took', async () => {
    const buyer = await createUser(stripeApp.app);
    const { id, subscriptionId } = await startPlanWithTwoPayments(buyer);
    expect((await billingOf(stripeApp, buyer)).paymentPlans[0]!.paidCount).toBe(2);

    const bundle = await request(stripeApp, 'POST', '/api/create-checkout-session', buyer, {
      lineItems: [{ price: 'complete-bundle', quantity: 1 }],
    });
    expect(bundle.statusCode).toBe(200);
    const created = fakeStripe.requests.findLast(
      (sent) => sent.path === '/v1/checkout/sessions' && sent.method === 'POST',
    )!.body as { line_items: { price_data: { unit_amount: string } }[] };
    expect(created.line_items[0]!.price_data.unit_amount).toBe(String(25_000 - 8_334));

    const paidBundle = fakeStripe.completeCheckout(bundle.json<{ id: string }>().id);
    await deliver(fakeStripe.signedEvent('checkout.session.completed', paidBundle));
    expect((await billingOf(stripeApp, buyer)).paymentPlans).toMatchObject([
      { checkoutId: id, paidCount: 2, status: 'settled' },
    ]);
    expect(fakeStripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
  });
});

describe('a payment plan refunded from the Inbox', () => {
  /** The buyer asks for a refund, and the admin grants it from the Inbox; answers the item. */
  const refundFromInbox = async (testApp: TestApp, buyer: TestUser, purchaseId: string) => {
    const admin = await createAdmin(testApp.app, testApp.db);
    await confirmFreshSecondFactor(testApp.app, admin);
    const asked = await request(testApp, 'POST', '/api/account/refund-requests', buyer, {
      purchaseId,
      reason: 'Not for me',
    });
    expect(asked.statusCode).toBe(200);
    const inbox = (await request(testApp, 'GET', '/api/admin/inbox', admin)).json<Inbox>();
    const item = inbox.items.find((candidate) => candidate.refund?.purchaseId === purchaseId)!;
    expect(item.refund!.plan).toEqual({ count: 3, paidCount: 2 });
    const refunded = await request(
      testApp,
      'POST',
      `/api/admin/refund-requests/${item.id}/refund`,
      admin,
    );
    expect(refunded.statusCode).toBe(200);
    return refunded.json<InboxItem>();
  };

  /** Two credit notes, one naming each invoice, and the plan ended with nothing more to take. */
  const expectPlanRefunded = async (testApp: TestApp, buyer: TestUser, checkoutId: string) => {
    const billing = await billingOf(testApp, buyer);
    expect(billing.paymentPlans).toMatchObject([
      { checkoutId, paidCount: 2, status: 'refunded', nextDueAt: null },
    ]);
    const notes = billing.invoices.filter((invoice) => invoice.kind === 'credit_note');
    expect(notes.map((note) => note.grossCents)).toEqual([-4_167, -4_167]);
    expect(await accessTo(testApp, buyer, 'energy-sovereignty')).toBe('none');
    const numbers = notes
      .map((note) => note.number)
      .sort()
      .join(', ');
    const mail = await waitForMailTo(
      testApp.db,
      buyer.email,
      `Your ${PRODUCT_NAME} credit note ${numbers}`,
    );
    expect(mail.text).toContain('Your payment was refunded: €83.34.');
    expect(mail.text).toContain('one for each payment, are attached as PDFs.');
  };

  it('in payment test mode: both payments made come back with a credit note each, and the clock takes no third', async () => {
    const buyer = await createUser(testModeApp.app);
    const { id } = (await startPlan(testModeApp, buyer, ['energy-sovereignty'])).json<{
      id: string;
    }>();
    await request(testModeApp, 'POST', `/api/checkout/test-sessions/${id}/pay`, buyer, {
      billingCountry: 'IE',
    });
    const nextDueAt = (await billingOf(testModeApp, buyer)).paymentPlans[0]!.nextDueAt!;
    await testModeApp.app.clock.tick(daysAfter(nextDueAt, 0));

    const item = await refundFromInbox(testModeApp, buyer, id);
    expect(item.refund).toMatchObject({ outcome: 'refunded', amountPaidCents: 8_334 });
    await expectPlanRefunded(testModeApp, buyer, id);

    await testModeApp.app.clock.tick(daysAfter(nextDueAt, 40));
    expect((await billingOf(testModeApp, buyer)).invoices).toHaveLength(4);
  });

  it('through Stripe: the subscription is cancelled and each payment it took is refunded once', async () => {
    const buyer = await createUser(stripeApp.app);
    const { id, subscriptionId } = await startPlanWithTwoPayments(buyer);
    const refundsBefore = fakeStripe.refunds.length;

    await refundFromInbox(stripeApp, buyer, id);

    expect(fakeStripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    const refunded = fakeStripe.refunds.slice(refundsBefore);
    expect(refunded.map((refund) => refund.amount)).toEqual([4_167, 4_167]);
    expect(new Set(refunded.map((refund) => refund.payment_intent)).size).toBe(2);
    await expectPlanRefunded(stripeApp, buyer, id);

    // Stripe reports each refund: nothing more happens, and nothing is credited twice.
    for (const refund of refunded) {
      await deliver(
        fakeStripe.signedEvent('charge.refunded', {
          id: `ch_${refund.id}`,
          object: 'charge',
          refunded: true,
          payment_intent: refund.payment_intent,
        }),
      );
    }
    expect(
      (await billingOf(stripeApp, buyer)).invoices.filter((row) => row.kind === 'credit_note'),
    ).toHaveLength(2);
  });
});
