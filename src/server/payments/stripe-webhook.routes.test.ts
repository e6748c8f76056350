import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyAccessResponse } from '../../shared/api/access.ts';
import type { PurchasesResponse } from '../../shared/api/payments.ts';
import { enrollInCourses } from '../access/enrollments.ts';
import { accessEvents, courseEnrollments } from '../db/schema/access.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { checkoutSessions, stripeEvents } from '../db/schema/payments.ts';
import { saveStripeCustomerId } from '../users/users.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startFakeStripeServer, type FakeStripe } from '../testing/fake-stripe-server.ts';
import { createUser, type TestUser } from '../testing/users.ts';

let fakeStripe: FakeStripe;
let testApp: TestApp;

beforeAll(async () => {
  fakeStripe = await startFakeStripeServer();
  testApp = await buildTestApp({ ...fakeStripe.environment, CONTACT_EMAIL: 'care@example.com' });
});
afterAll(async () => {
  await testApp.close();
  await fakeStripe.close();
});

type SignedEvent = ReturnType<FakeStripe['signedEvent']>;

const deliver = (event: SignedEvent) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: event.headers,
    payload: event.payload,
  });

const startCheckout = async (buyer: TestUser, productIds: string[]): Promise<string> => {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    headers: { cookie: buyer.cookie },
    payload: { lineItems: productIds.map((price) => ({ price, quantity: 1 })) },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ id: string }>().id;
};

const confirm = (buyer: TestUser, sessionId: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/checkout/confirm',
    headers: { cookie: buyer.cookie },
    payload: { checkoutId: sessionId },
  });

const sessionEvent = (type: string, sessionId: string, options?: { signedAt?: number }) =>
  fakeStripe.signedEvent(type, fakeStripe.checkoutSessions.get(sessionId)!, options);

const accessOf = async (buyer: TestUser) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/me/access',
    headers: { cookie: buyer.cookie },
  });
  const { courses } = response.json<MyAccessResponse>();
  return Object.fromEntries(courses.map((course) => [course.courseId, course.accessType]));
};

const enrollmentsOf = (buyer: TestUser) =>
  testApp.db.select().from(courseEnrollments).where(eq(courseEnrollments.userId, buyer.id));

const eventsOf = async (buyer: TestUser) =>
  (await testApp.db.select().from(accessEvents).where(eq(accessEvents.userId, buyer.id))).map(
    (event) => `${event.action} ${event.courseId} ${event.source}`,
  );

describe('POST /api/stripe/webhook: signatures', () => {
  it('refuses a bad, missing or stale signature with 400 and enrolls nobody', async () => {
    const buyer = await createUser(testApp.app);
    const sessionId = await startCheckout(buyer, ['energy-sovereignty']);
    fakeStripe.completeCheckout(sessionId);

    const genuine = sessionEvent('checkout.session.completed', sessionId);
    const tampered = { ...genuine, payload: genuine.payload.replace('"paid"', '"paid" ') };
    const forged = {
      ...genuine,
      headers: {
        ...genuine.headers,
        'stripe-signature': genuine.headers['stripe-signature']!.replace(/v1=\w+/, 'v1=00'),
      },
    };
    const unsigned = { ...genuine, headers: { 'content-type': 'application/json' } };
    const stale = sessionEvent('checkout.session.completed', sessionId, {
      signedAt: Math.floor(Date.now() / 1000) - 10 * 60,
    });
    for (const event of [tampered, forged, unsigned, stale]) {
      const response = await deliver(event);
      expect(response.statusCode).toBe(400);
    }
    expect(await enrollmentsOf(buyer)).toEqual([]);
    const recorded = await testApp.db.select().from(stripeEvents);
    expect(recorded.map((event) => event.id)).not.toContain(JSON.parse(genuine.payload).id);
  });
});

describe('POST /api/stripe/webhook: Checkout fulfilment', () => {
  it('enrolls once when one event arrives 20 times at once while the buyer lands on the success page', async () => {
    const buyer = await createUser(testApp.app);
    const sessionId = await startCheckout(buyer, ['energy-sovereignty']);
    fakeStripe.completeCheckout(sessionId);
    const event = sessionEvent('checkout.session.completed', sessionId);

    const responses = await Promise.all([
      ...Array.from({ length: 20 }, () => deliver(event)),
      confirm(buyer, sessionId),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(21).fill(200));
    expect(responses.at(-1)!.json()).toEqual({ status: 'paid', courseIds: ['energy-sovereignty'] });

    const enrollments = await enrollmentsOf(buyer);
    expect(enrollments.map((row) => [row.courseId, row.purchaseType])).toEqual([
      ['energy-sovereignty', 'individual'],
    ]);
    expect(await eventsOf(buyer)).toEqual(['grant energy-sovereignty purchase']);
    const eventId = JSON.parse(event.payload).id as string;
    const recorded = await testApp.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, eventId));
    expect(recorded).toHaveLength(1);

    const receipts = await vi.waitFor(async () => {
      const mails = await testApp.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, buyer.email), like(mailOutbox.subject, '%receipt')));
      if (mails.length === 0) throw new Error('no receipt yet');
      return mails;
    });
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('- Energy Sovereignty (€125)');
    expect(receipts[0]!.text).toContain(
      'ask for a refund within 30 days of your purchase: write to care@example.com.',
    );
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await enrollmentsOf(buyer)).toHaveLength(1);
  });

  it('opens nothing for an unpaid session until its delayed payment succeeds', async () => {
    const buyer = await createUser(testApp.app);
    const sessionId = await startCheckout(buyer, ['energy-sovereignty']);
    fakeStripe.completeCheckout(sessionId, 'unpaid');
    expect((await deliver(sessionEvent('checkout.session.completed', sessionId))).statusCode).toBe(
      200,
    );
    expect((await accessOf(buyer))['energy-sovereignty']).toBe('none');
    expect((await confirm(buyer, sessionId)).json().status).toBe('processing');

    fakeStripe.settleAsyncPayment(sessionId);
    await deliver(sessionEvent('checkout.session.async_payment_succeeded', sessionId));
    expect((await accessOf(buyer))['energy-sovereignty']).toBe('paid');
    expect((await confirm(buyer, sessionId)).json().status).toBe('paid');
  });

  it('reports a failed delayed payment as unpaid, and an expired session as expired', async () => {
    const buyer = await createUser(testApp.app);
    const failing = await startCheckout(buyer, ['energy-sovereignty']);
    fakeStripe.completeCheckout(failing, 'unpaid');
    await deliver(sessionEvent('checkout.session.async_payment_failed', failing));
    expect((await confirm(buyer, failing)).json().status).toBe('unpaid');

    const abandoned = await startCheckout(buyer, ['energy-sovereignty']);
    fakeStripe.expireCheckout(abandoned);
    await deliver(sessionEvent('checkout.session.expired', abandoned));
    expect((await confirm(buyer, abandoned)).json().status).toBe('expired');
    expect(await enrollmentsOf(buyer)).toEqual([]);
  });

  it('enrolls a bundle in every released course, leaving a course already bought as it was', async () => {
    const buyer = await createUser(testApp.app);
    await enrollInCourses(testApp.db, {
      userId: buyer.id,
      courseIds: ['energy-sovereignty'],
      purchaseType: 'individual',
      source: 'purchase',
    });
    const sessionId = await startCheckout(buyer, ['complete-bundle']);
    fakeStripe.completeCheckout(sessionId);
    await deliver(sessionEvent('checkout.session.completed', sessionId));

    const enrollments = await enrollmentsOf(buyer);
    expect(Object.fromEntries(enrollments.map((row) => [row.courseId, row.purchaseType]))).toEqual({
      'energy-sovereignty': 'individual',
      'sovereign-flame': 'bundle',
    });
    // The coming-soon courses open when they are released (open-released-courses.ts).
    expect(Object.values(await accessOf(buyer))).toEqual(['paid', 'paid', 'none', 'none']);
  });

  it('acknowledges a session this app did not start', async () => {
    const event = fakeStripe.signedEvent('checkout.session.completed', {
      id: 'cs_test_elsewhere',
      object: 'checkout.session',
    });
    expect((await deliver(event)).statusCode).toBe(200);
  });
});

describe('POST /api/stripe/webhook: subscriptions', () => {
  const subscription = (
    id: string,
    customer: string,
    created: number,
    change: { status?: string; cancelAtPeriodEnd?: boolean; productId?: string } = {},
  ) => ({
    id,
    object: 'subscription',
    customer,
    created,
    status: change.status ?? 'active',
    cancel_at_period_end: change.cancelAtPeriodEnd ?? false,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          price: { id: 'price_monthly', product: change.productId ?? 'prod_complete_bundle' },
          quantity: 1,
          current_period_end: created + 30 * 86_400,
        },
      ],
    },
  });

  const subscriber = async () => {
    const user = await createUser(testApp.app);
    const customerId = `cus_${randomBytes(6).toString('hex')}`;
    await saveStripeCustomerId(testApp.db, user.id, customerId);
    return { user, customerId };
  };

  it('open and close courses whatever order the events arrive in', async () => {
    const { user, customerId } = await subscriber();
    const id = `sub_${randomBytes(6).toString('hex')}`;
    const t = Math.floor(Date.now() / 1000) - 1000;
    const send = (type: string, created: number, change?: Parameters<typeof subscription>[3]) =>
      deliver(
        fakeStripe.signedEvent(
          `customer.subscription.${type}`,
          subscription(id, customerId, t, change),
          {
            created,
          },
        ),
      );
    const access = async () => new Set(Object.values(await accessOf(user)));

    // The update (cancelling at the period's end) overtakes the creation.
    await send('updated', t + 20, { cancelAtPeriodEnd: true });
    await send('created', t);
    expect(await access()).toEqual(new Set(['none']));

    await send('updated', t + 40, { cancelAtPeriodEnd: false });
    expect(await access()).toEqual(new Set(['paid']));

    // An older event arriving late changes nothing.
    await send('updated', t + 30, { status: 'past_due' });
    expect(await access()).toEqual(new Set(['paid']));

    await send('deleted', t + 50, { status: 'canceled' });
    await send('updated', t + 60, { status: 'active' });
    expect(await access()).toEqual(new Set(['none']));

    const allCourses = testApp.app.catalogue.courses.map((course) => course.id);
    expect(await eventsOf(user)).toEqual([
      ...allCourses.map((courseId) => `grant ${courseId} subscription`),
      ...allCourses.map((courseId) => `revoke ${courseId} subscription`),
    ]);
    const listed = await testApp.app.inject({
      method: 'GET',
      url: '/api/get-customer-subscriptions',
      headers: { cookie: user.cookie },
    });
    expect(listed.json().subscriptions).toMatchObject([
      { id, status: 'canceled', customerId, productId: 'prod_complete_bundle' },
    ]);
  });

  it('open only the course a single-course product names', async () => {
    const { user, customerId } = await subscriber();
    const created = Math.floor(Date.now() / 1000);
    await deliver(
      fakeStripe.signedEvent(
        'customer.subscription.created',
        subscription('sub_single', customerId, created, { productId: 'prod_sovereign_flame' }),
      ),
    );
    expect(await accessOf(user)).toMatchObject({
      'sovereign-flame': 'paid',
      'energy-sovereignty': 'none',
    });
  });
});

describe('POST /api/stripe/webhook: refunds and disputes', () => {
  const paidPurchase = async (courseId: string) => {
    const buyer = await createUser(testApp.app);
    const sessionId = await startCheckout(buyer, [courseId]);
    const session = fakeStripe.completeCheckout(sessionId);
    await deliver(sessionEvent('checkout.session.completed', sessionId));
    expect((await accessOf(buyer))[courseId]).toBe('paid');
    return { buyer, paymentIntent: session.payment_intent as string };
  };
  const charge = (paymentIntent: string, refunded: boolean) => ({
    id: `ch_${randomBytes(6).toString('hex')}`,
    object: 'charge',
    payment_intent: paymentIntent,
    amount: 12500,
    amount_refunded: refunded ? 12500 : 5000,
    refunded,
  });
  const dispute = (paymentIntent: string, status: string) => ({
    id: `dp_${randomBytes(6).toString('hex')}`,
    object: 'dispute',
    charge: 'ch_disputed',
    payment_intent: paymentIntent,
    status,
  });

  it('end the access on a full refund, not on a partial one', async () => {
    const { buyer, paymentIntent } = await paidPurchase('energy-sovereignty');
    await deliver(fakeStripe.signedEvent('charge.refunded', charge(paymentIntent, false)));
    expect((await accessOf(buyer))['energy-sovereignty']).toBe('paid');

    const full = charge(paymentIntent, true);
    await deliver(fakeStripe.signedEvent('charge.refunded', full));
    expect((await accessOf(buyer))['energy-sovereignty']).toBe('none');
    const [revoke] = await testApp.db
      .select()
      .from(accessEvents)
      .where(and(eq(accessEvents.userId, buyer.id), eq(accessEvents.action, 'revoke')));
    expect(revoke).toMatchObject({ source: 'refund', reference: full.id });

    const purchases = await testApp.app.inject({
      method: 'GET',
      url: '/api/me/purchases',
      headers: { cookie: buyer.cookie },
    });
    expect(purchases.json<PurchasesResponse>().purchases[0]!.refundedAt).not.toBeNull();
  });

  it('end the access on a lost dispute, not on a won one', async () => {
    const won = await paidPurchase('energy-sovereignty');
    await deliver(
      fakeStripe.signedEvent('charge.dispute.closed', dispute(won.paymentIntent, 'won')),
    );
    expect((await accessOf(won.buyer))['energy-sovereignty']).toBe('paid');

    const lost = await paidPurchase('energy-sovereignty');
    await deliver(
      fakeStripe.signedEvent('charge.dispute.closed', dispute(lost.paymentIntent, 'lost')),
    );
    expect((await accessOf(lost.buyer))['energy-sovereignty']).toBe('none');
    const [record] = await testApp.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, lost.buyer.id));
    expect(record!.refundedAt).not.toBeNull();
  });

  it('leave a purchase closed when the full refund arrives before the completion', async () => {
    const buyer = await createUser(testApp.app);
    const sessionId = await startCheckout(buyer, ['energy-sovereignty']);
    const session = fakeStripe.completeCheckout(sessionId);
    const refund = charge(session.payment_intent as string, true);
    expect((await deliver(fakeStripe.signedEvent('charge.refunded', refund))).statusCode).toBe(200);
    await deliver(sessionEvent('checkout.session.completed', sessionId));

    expect((await accessOf(buyer))['energy-sovereignty']).toBe('none');
    expect((await confirm(buyer, sessionId)).json()).toMatchObject({ status: 'unpaid' });
    expect(await enrollmentsOf(buyer)).toEqual([]);
  });

  it('end the access while a dispute is open, and give it back when the dispute is won', async () => {
    const { buyer, paymentIntent } = await paidPurchase('energy-sovereignty');
    const opened = dispute(paymentIntent, 'needs_response');
    await deliver(fakeStripe.signedEvent('charge.dispute.created', opened));
    expect((await accessOf(buyer))['energy-sovereignty']).toBe('none');

    await deliver(fakeStripe.signedEvent('charge.dispute.closed', { ...opened, status: 'won' }));
    expect((await accessOf(buyer))['energy-sovereignty']).toBe('paid');
    expect(await eventsOf(buyer)).toEqual([
      'grant energy-sovereignty purchase',
      'revoke energy-sovereignty refund',
      'grant energy-sovereignty purchase',
    ]);
  });
});

describe('POST /api/stripe/webhook: the amount paid', () => {
  it('opens nothing when Stripe took another amount than the catalogue price', async () => {
    const buyer = await createUser(testApp.app);
    const sessionId = await startCheckout(buyer, ['energy-sovereignty']);
    fakeStripe.completeCheckout(sessionId);
    fakeStripe.checkoutSessions.get(sessionId)!.amount_total = 100;
    expect((await deliver(sessionEvent('checkout.session.completed', sessionId))).statusCode).toBe(
      200,
    );
    expect((await accessOf(buyer))['energy-sovereignty']).toBe('none');

    const otherCurrency = await createUser(testApp.app);
    const otherSession = await startCheckout(otherCurrency, ['energy-sovereignty']);
    fakeStripe.completeCheckout(otherSession);
    fakeStripe.checkoutSessions.get(otherSession)!.currency = 'usd';
    await deliver(sessionEvent('checkout.session.completed', otherSession));
    expect((await accessOf(otherCurrency))['energy-sovereignty']).toBe('none');
  });
});
