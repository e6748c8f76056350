import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyAccessResponse } from '../../shared/api/access.ts';
import type {
  CheckoutSessionResponse,
  PurchasesResponse,
  TestCheckout,
} from '../../shared/api/payments.ts';
import { checkoutMessages } from '../../shared/rules/purchase.ts';
import { paymentPlanMessages } from '../../shared/rules/payment-plans.ts';
import { enrollInCourses, listEnrollments } from '../access/enrollments.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { loadConfig } from '../config.ts';
import { profiles } from '../db/schema/users.ts';
import { createBetaGrants } from '../beta/grant-beta-access.ts';
import { openReleasedCourses } from './open-released-courses.ts';
import { confirmCheckoutRateLimit } from './payments.routes.ts';
import { createPaymentsContext } from './payments-context.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startFakeStripeServer, type FakeStripe } from '../testing/fake-stripe-server.ts';
import { createAdmin, createUser, type TestUser } from '../testing/users.ts';

let fakeStripe: FakeStripe;
let stripeApp: TestApp;
let testModeApp: TestApp;

beforeAll(async () => {
  fakeStripe = await startFakeStripeServer();
  [stripeApp, testModeApp] = await Promise.all([
    buildTestApp(fakeStripe.environment),
    buildTestApp(),
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

const startCheckout = (testApp: TestApp, user: TestUser | undefined, productIds: string[]) =>
  request(testApp, 'POST', '/api/create-checkout-session', user, {
    lineItems: productIds.map((price) => ({ price, quantity: 1 })),
    customerEmail: user?.email,
    mode: 'payment',
    metadata: { isBundle: 'false', customerName: 'Maya Stone', message: 'Looking forward' },
  });

const openPortal = (testApp: TestApp, user: TestUser | undefined, body: Record<string, unknown>) =>
  request(testApp, 'POST', '/api/create-customer-portal-session', user, body);

const confirm = (testApp: TestApp, user: TestUser | undefined, sessionId: string) =>
  request(testApp, 'POST', '/api/checkout/confirm', user, { checkoutId: sessionId });

const accessTo = async (testApp: TestApp, user: TestUser, courseId: string) => {
  const response = await request(testApp, 'GET', '/api/me/access', user);
  return response.json<MyAccessResponse>().courses.find((course) => course.courseId === courseId)
    ?.accessType;
};

const enroll = (testApp: TestApp, user: TestUser, courseIds: string[]) =>
  enrollInCourses(testApp.db, {
    userId: user.id,
    courseIds,
    purchaseType: 'individual',
    source: 'purchase',
  });

describe('POST /api/create-checkout-session', () => {
  it('answers 401 without a session', async () => {
    const response = await startCheckout(stripeApp, undefined, ['energy-sovereignty']);
    expect(response.statusCode).toBe(401);
  });

  it('answers 401, not 400, to a signed-out caller with a malformed body', async () => {
    const response = await request(stripeApp, 'POST', '/api/create-checkout-session', undefined, {
      lineItems: 'nonsense',
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a malformed body with 400 naming the field', async () => {
    const buyer = await createUser(stripeApp.app);
    const cases: [object, string][] = [
      [{}, 'lineItems'],
      [{ lineItems: [] }, 'Please select at least one course'],
      [{ lineItems: [{ price: 'energy-sovereignty', quantity: 2 }] }, 'expected quantity 1'],
      [{ lineItems: [{ price: 'energy-sovereignty' }], customerEmail: 'nope' }, 'customerEmail'],
    ];
    for (const [payload, message] of cases) {
      const response = await request(
        stripeApp,
        'POST',
        '/api/create-checkout-session',
        buyer,
        payload,
      );
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });

  it.each([
    [['no-such-course'], 'Course not found: no-such-course'],
    [['dragons-clarity'], "Dragon's Clarity is coming soon and cannot be bought yet."],
    [
      ['complete-bundle', 'sovereign-flame'],
      'The bundle is bought on its own, without single courses.',
    ],
  ])('refuses %j with 400 "%s"', async (productIds, message) => {
    const buyer = await createUser(stripeApp.app);
    const response = await startCheckout(stripeApp, buyer, productIds);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('refuses a course without its prerequisite, unless owned or bought with it', async () => {
    const buyer = await createUser(stripeApp.app);
    const alone = await startCheckout(stripeApp, buyer, ['sovereign-flame']);
    expect(alone.statusCode).toBe(400);
    expect(alone.json().error.message).toBe(
      'The Sovereign Flame requires Energy Sovereignty: add it to your order.',
    );
    const together = await startCheckout(stripeApp, buyer, [
      'energy-sovereignty',
      'sovereign-flame',
    ]);
    expect(together.statusCode).toBe(200);
    await enroll(stripeApp, buyer, ['energy-sovereignty']);
    expect((await startCheckout(stripeApp, buyer, ['sovereign-flame'])).statusCode).toBe(200);
  });

  it('refuses a course the buyer already owns', async () => {
    const buyer = await createUser(stripeApp.app);
    await enroll(stripeApp, buyer, ['energy-sovereignty']);
    const response = await startCheckout(stripeApp, buyer, ['energy-sovereignty']);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('You already have access to Energy Sovereignty.');
  });

  it("refuses another customer's id or user id with 403", async () => {
    const buyer = await createUser(stripeApp.app);
    const other = await createUser(stripeApp.app);
    for (const change of [{ customerId: 'cus_someone_else' }, { metadata: { userId: other.id } }]) {
      const response = await request(stripeApp, 'POST', '/api/create-checkout-session', buyer, {
        lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
        ...change,
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('creates a Stripe Checkout session priced from the catalogue, with one customer per buyer', async () => {
    const buyer = await createUser(stripeApp.app);
    const first = await request(stripeApp, 'POST', '/api/create-checkout-session', buyer, {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
      successUrl: 'https://evil.example/steal',
      cancelUrl: 'https://evil.example/steal',
    });
    expect(first.statusCode).toBe(200);
    const { id, url } = first.json<CheckoutSessionResponse>();
    expect(id).toMatch(/^cs_test_/);
    expect(url).toBe(fakeStripe.checkoutSessions.get(id)!.url);

    const sent = fakeStripe.requests.findLast(
      (recorded) => recorded.path === '/v1/checkout/sessions',
    )!;
    expect(sent.body).toMatchObject({
      mode: 'payment',
      allow_promotion_codes: 'false',
      client_reference_id: buyer.id,
      success_url: 'http://localhost:3000/dashboard?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/shop?canceled=true',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: '12500',
            product_data: { name: 'Energy Sovereignty' },
          },
        },
      ],
    });

    const [profile] = await stripeApp.db.select().from(profiles).where(eq(profiles.id, buyer.id));
    expect(profile!.stripeCustomerId).toBe(sent.body.customer);
    expect(fakeStripe.customers.get(profile!.stripeCustomerId!)).toMatchObject({
      email: buyer.email,
      metadata: { userId: buyer.id },
    });

    const second = await startCheckout(stripeApp, buyer, ['complete-bundle']);
    expect(second.statusCode).toBe(200);
    const secondSent = fakeStripe.requests.findLast(
      (recorded) => recorded.path === '/v1/checkout/sessions',
    )!;
    expect(secondSent.body.customer).toBe(profile!.stripeCustomerId);
    expect(secondSent.body.line_items).toMatchObject([{ price_data: { unit_amount: '25000' } }]);
  });

  it('sells to an account that has not confirmed its email: buying waits on no inbox', async () => {
    const buyer = await createUser(testModeApp.app, { isVerified: false });
    const started = await startCheckout(testModeApp, buyer, ['energy-sovereignty']);
    expect(started.statusCode).toBe(200);
    expect(started.json().url).toMatch(/\/checkout\/test\/test_cs_/);
  });

  it('sends the receipt to the account, never to an address in the request', async () => {
    const buyer = await createUser(testModeApp.app);
    const started = await request(testModeApp, 'POST', '/api/create-checkout-session', buyer, {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
      customerEmail: 'victim@example.com',
      metadata: { customerName: 'Win a prize!\nVisit https://evil.example now' },
    });
    const { id } = started.json<CheckoutSessionResponse>();
    await request(testModeApp, 'POST', `/api/checkout/test-sessions/${id}/pay`, buyer, {});
    const receipt = await vi.waitFor(async () => {
      const [mail] = await testModeApp.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, buyer.email), like(mailOutbox.subject, '%receipt')));
      if (!mail) throw new Error('no receipt yet');
      return mail;
    });
    expect(receipt.text.split('\n')[0]).toBe('Hello Win a prize! Visit https://evil.example now,');
    expect(
      await testModeApp.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'victim@example.com')),
    ).toEqual([]);
  });

  it('takes a subscription checkout of several products as no payment plan (400)', async () => {
    const buyer = await createUser(stripeApp.app);
    const response = await request(stripeApp, 'POST', '/api/create-checkout-session', buyer, {
      lineItems: [
        { price: 'energy-sovereignty', quantity: 1 },
        { price: 'sovereign-flame', quantity: 1 },
      ],
      mode: 'subscription',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(paymentPlanMessages.oneProduct);
  });
});

describe("Stripe's own errors", () => {
  it("reach the buyer in our words, never with Stripe's status or text", async () => {
    const buyer = await createUser(stripeApp.app);
    await stripeApp.db
      .update(profiles)
      .set({ stripeCustomerId: 'cus_gone_from_stripe' })
      .where(eq(profiles.id, buyer.id));
    const staleCustomer = await startCheckout(stripeApp, buyer, ['energy-sovereignty']);
    expect(staleCustomer.statusCode).toBe(503);
    expect(staleCustomer.json().error).toEqual({
      code: 'unavailable',
      message: checkoutMessages.serviceUnavailable,
    });

    const wrongKeyApp = await buildTestApp({
      ...fakeStripe.environment,
      STRIPE_SECRET_KEY: 'sk_test_not_the_right_key',
    });
    try {
      const learner = await createUser(wrongKeyApp.app);
      const wrongKey = await startCheckout(wrongKeyApp, learner, ['energy-sovereignty']);
      expect(wrongKey.statusCode).toBe(503);
      expect(wrongKey.body).not.toContain('API Key');
      expect(wrongKey.json().error.message).toBe(checkoutMessages.serviceUnavailable);
    } finally {
      await wrongKeyApp.close();
    }
  });
});

describe('POST /api/checkout/confirm', () => {
  it('answers 401 without a session and 400 without a session id', async () => {
    expect((await confirm(stripeApp, undefined, 'cs_test_x')).statusCode).toBe(401);
    const buyer = await createUser(stripeApp.app);
    const response = await request(stripeApp, 'POST', '/api/checkout/confirm', buyer, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('checkoutId');
  });

  it('answers 429 past 20 confirmations a minute from one buyer, and not to another', async () => {
    const buyer = await createUser(testModeApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= confirmCheckoutRateLimit.max; attempt++) {
      statuses.push((await confirm(testModeApp, buyer, 'cs_test_unknown')).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const other = await createUser(testModeApp.app);
    expect((await confirm(testModeApp, other, 'cs_test_unknown')).statusCode).toBe(404);
  });

  it("answers 403 for another buyer's session and 404 for an unknown one", async () => {
    const buyer = await createUser(stripeApp.app);
    const other = await createUser(stripeApp.app);
    const { id } = (await startCheckout(stripeApp, buyer, ['energy-sovereignty'])).json();
    expect((await confirm(stripeApp, other, id)).statusCode).toBe(403);
    expect((await confirm(stripeApp, buyer, 'cs_test_unknown')).statusCode).toBe(404);
  });

  it('grants nothing before payment, and the course once Stripe says paid', async () => {
    const buyer = await createUser(stripeApp.app);
    const { id } = (await startCheckout(stripeApp, buyer, ['energy-sovereignty'])).json();

    const before = await confirm(stripeApp, buyer, id);
    expect(before.json()).toEqual({ status: 'unpaid', courseIds: ['energy-sovereignty'] });
    expect(await accessTo(stripeApp, buyer, 'energy-sovereignty')).toBe('none');

    fakeStripe.completeCheckout(id);
    const after = await confirm(stripeApp, buyer, id);
    expect(after.json()).toEqual({ status: 'paid', courseIds: ['energy-sovereignty'] });
    expect(await accessTo(stripeApp, buyer, 'energy-sovereignty')).toBe('paid');
  });
});

describe('payment test mode', () => {
  it('sends the buyer to a test payment page of the app', async () => {
    const buyer = await createUser(testModeApp.app);
    const response = await startCheckout(testModeApp, buyer, ['energy-sovereignty']);
    expect(response.statusCode).toBe(200);
    const { id, url } = response.json<CheckoutSessionResponse>();
    expect(url).toBe(`http://localhost:3000/checkout/test/${id}`);

    const page = await request(testModeApp, 'GET', `/api/checkout/test-sessions/${id}`, buyer);
    expect(page.json<TestCheckout>()).toEqual({
      id,
      status: 'open',
      outcome: 'unpaid',
      isBundle: false,
      items: [{ id: 'energy-sovereignty', name: 'Energy Sovereignty', priceCents: 12500 }],
      credit: null,
      discount: null,
      reverseCharge: null,
      totalCents: 12500,
      plan: null,
    });
  });

  it('keeps the test page to its buyer: 401 signed out, 403 for another account', async () => {
    const buyer = await createUser(testModeApp.app);
    const other = await createUser(testModeApp.app);
    const { id } = (await startCheckout(testModeApp, buyer, ['energy-sovereignty'])).json();
    for (const [method, url] of [
      ['GET', `/api/checkout/test-sessions/${id}`],
      ['POST', `/api/checkout/test-sessions/${id}/pay`],
      ['POST', `/api/checkout/test-sessions/${id}/cancel`],
    ] as const) {
      const payload = method === 'POST' ? {} : undefined;
      expect((await request(testModeApp, method, url, undefined, payload)).statusCode).toBe(401);
      expect((await request(testModeApp, method, url, other, payload)).statusCode).toBe(403);
    }
    expect(await accessTo(testModeApp, other, 'energy-sovereignty')).toBe('none');
  });

  it('pays through the same fulfilment: access, a receipt, and the dashboard address', async () => {
    const buyer = await createUser(testModeApp.app);
    const { id } = (await startCheckout(testModeApp, buyer, ['energy-sovereignty'])).json();
    const paid = await request(
      testModeApp,
      'POST',
      `/api/checkout/test-sessions/${id}/pay`,
      buyer,
      {},
    );
    expect(paid.json()).toEqual({ redirectUrl: `/dashboard?session_id=${id}` });
    expect(await accessTo(testModeApp, buyer, 'energy-sovereignty')).toBe('paid');
    expect((await confirm(testModeApp, buyer, id)).json().status).toBe('paid');

    const receipt = await vi.waitFor(async () => {
      const [mail] = await testModeApp.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, buyer.email), like(mailOutbox.subject, '%receipt')));
      if (!mail) throw new Error('no receipt yet');
      return mail;
    });
    expect(receipt.subject).toBe('Your Sovereign Flame receipt');
    expect(receipt.text).toContain('- Energy Sovereignty (€125)');
    expect(receipt.text).toMatch(/Your access lasts until [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
    // No CONTACT_EMAIL here: no refund is promised that nobody could be asked for.
    expect(receipt.text).not.toContain('refund');

    const purchases = await request(testModeApp, 'GET', '/api/me/purchases', buyer);
    expect(purchases.json<PurchasesResponse>().purchases).toMatchObject([
      { id, amountPaidCents: 12500, refundedAt: null },
    ]);
  });

  it('marks the access it grants as test access', async () => {
    const buyer = await createUser(testModeApp.app);
    const { id } = (await startCheckout(testModeApp, buyer, ['energy-sovereignty'])).json();
    await request(testModeApp, 'POST', `/api/checkout/test-sessions/${id}/pay`, buyer, {});
    const [enrollment] = await listEnrollments(testModeApp.db, buyer.id);
    expect(enrollment).toMatchObject({ courseId: 'energy-sovereignty', isTestPayment: true });
  });

  it('grants access that does not count once live payments are on, nor blocks a real purchase', async () => {
    const buyer = await createUser(stripeApp.app);
    await enrollInCourses(stripeApp.db, {
      userId: buyer.id,
      courseIds: ['energy-sovereignty'],
      purchaseType: 'individual',
      source: 'purchase',
      isTestPayment: true,
    });
    expect(await accessTo(stripeApp, buyer, 'energy-sovereignty')).toBe('none');
    const lesson = {
      courseId: 'energy-sovereignty',
      moduleId: 'reclaiming-your-field',
      lessonId: 'what-energy-sovereignty-means',
    };
    const lessonUrl = `/api/learning/courses/${lesson.courseId}/modules/${lesson.moduleId}/lessons/${lesson.lessonId}`;
    expect((await request(stripeApp, 'GET', lessonUrl, buyer)).statusCode).toBe(403);
    const save = await stripeApp.app.inject({
      method: 'PUT',
      url: '/api/learning/reflections',
      headers: { cookie: buyer.cookie },
      payload: {
        ...lesson,
        promptId: 'most-sovereign-moment',
        response: 'A draft.',
        action: 'autosave',
      },
    });
    expect(save.statusCode).toBe(403);
    expect((await startCheckout(stripeApp, buyer, ['energy-sovereignty'])).statusCode).toBe(200);
  });

  it('opens a coming-soon course of a bundle only at its release, its year starting then', async () => {
    const buyer = await createUser(testModeApp.app);
    const { id } = (await startCheckout(testModeApp, buyer, ['complete-bundle'])).json();
    await request(testModeApp, 'POST', `/api/checkout/test-sessions/${id}/pay`, buyer, {});
    expect(await accessTo(testModeApp, buyer, 'sovereign-flame')).toBe('paid');
    expect(await accessTo(testModeApp, buyer, 'dragons-clarity')).toBe('none');
    const access = await request(testModeApp, 'GET', '/api/me/access', buyer);
    expect(
      access
        .json<MyAccessResponse>()
        .courses.map((course) => [course.courseId, course.opensOnRelease]),
    ).toEqual([
      ['energy-sovereignty', false],
      ['sovereign-flame', false],
      ['dragons-clarity', true],
      ['phoenix-ascension', true],
    ]);
    const again = await startCheckout(testModeApp, buyer, ['complete-bundle']);
    expect(again.json().error.message).toBe('You already have access to The Complete Journey.');

    const product = testModeApp.app.catalogue.getCourse('dragons-clarity')!.product;
    const release = new Date(Date.now() + 90 * 24 * 60 * 60 * 1000);
    product.comingSoon = false; // as at the first start after the course's release
    try {
      await openReleasedCourses(createPaymentsContext(testModeApp.app), release);
      await openReleasedCourses(createPaymentsContext(testModeApp.app), release);
    } finally {
      product.comingSoon = true;
    }
    const opened = (await listEnrollments(testModeApp.db, buyer.id)).filter(
      (enrollment) => enrollment.courseId === 'dragons-clarity',
    );
    expect(opened).toHaveLength(1);
    expect(opened[0]!.enrolledAt).toEqual(release);
    expect(opened[0]!.expiresAt!.getTime() - release.getTime()).toBe(365 * 24 * 60 * 60 * 1000);
  });

  it('keeps a coming course a bundle buyer holds as included when beta opens it for now', async () => {
    const buyer = await createUser(testModeApp.app);
    const { id } = (await startCheckout(testModeApp, buyer, ['complete-bundle'])).json();
    await request(testModeApp, 'POST', `/api/checkout/test-sessions/${id}/pay`, buyer, {});
    const granter = await createUser(testModeApp.app);
    await createBetaGrants(testModeApp.app, {
      userIds: [buyer.id],
      courseIds: [],
      expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
      grantedBy: granter.id,
      method: 'admin',
    });
    const access = await request(testModeApp, 'GET', '/api/me/access', buyer);
    const dragons = access
      .json<MyAccessResponse>()
      .courses.find((course) => course.courseId === 'dragons-clarity');
    expect(dragons).toMatchObject({ accessType: 'beta', opensOnRelease: true });
  });

  it('cancels back to the shop, after which the session cannot be paid', async () => {
    const buyer = await createUser(testModeApp.app);
    const { id } = (await startCheckout(testModeApp, buyer, ['energy-sovereignty'])).json();
    const canceled = await request(
      testModeApp,
      'POST',
      `/api/checkout/test-sessions/${id}/cancel`,
      buyer,
      {},
    );
    expect(canceled.json()).toEqual({ redirectUrl: '/shop?canceled=true' });
    const paid = await request(
      testModeApp,
      'POST',
      `/api/checkout/test-sessions/${id}/pay`,
      buyer,
      {},
    );
    expect(paid.statusCode).toBe(409);
    expect((await confirm(testModeApp, buyer, id)).json().status).toBe('expired');
    expect(await accessTo(testModeApp, buyer, 'energy-sovereignty')).toBe('none');
  });

  it('opens a test billing page instead of the Stripe portal', async () => {
    const buyer = await createUser(testModeApp.app);
    const response = await openPortal(testModeApp, buyer, {
      returnUrl: '/settings',
    });
    expect(response.json()).toEqual({
      url: 'http://localhost:3000/billing/test?return=%2Fsettings',
    });
    for (const returnUrl of ['/\\evil.example', '/.//evil.example', '/..//evil.example']) {
      const elsewhere = await openPortal(testModeApp, buyer, { returnUrl });
      expect(elsewhere.statusCode, returnUrl).toBe(400);
    }
    const someoneElse = await openPortal(testModeApp, buyer, {
      returnUrl: '/settings',
      customerId: 'cus_someone_else',
    });
    expect(someoneElse.statusCode).toBe(403);
  });

  it('has no Stripe webhook', async () => {
    const response = await testModeApp.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'stripe-signature': 't=1,v1=x', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });
});

const payInTestMode = async (buyer: TestUser, productIds: string[]) => {
  const { id } = (
    await startCheckout(testModeApp, buyer, productIds)
  ).json<CheckoutSessionResponse>();
  await request(testModeApp, 'POST', `/api/checkout/test-sessions/${id}/pay`, buyer, {});
  return id;
};

const receiptOf = (testApp: TestApp, buyer: TestUser, sessionId: string) =>
  vi.waitFor(async () => {
    const mails = await testApp.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    const receipt = mails.find((mail) => mail.text.includes(`Order reference: ${sessionId}`));
    if (!receipt) throw new Error('no receipt yet');
    return receipt.text;
  });

describe('the bundle for a buyer who already paid for part of it', () => {
  it('answers 401 signed out', async () => {
    const response = await request(testModeApp, 'GET', '/api/checkout/bundle-offer');
    expect(response.statusCode).toBe(401);
  });

  it('costs the bundle price less what was paid, on the offer, the payment page and the receipt', async () => {
    const buyer = await createUser(testModeApp.app);
    await payInTestMode(buyer, ['energy-sovereignty']);

    const offer = await request(testModeApp, 'GET', '/api/checkout/bundle-offer', buyer);
    expect(offer.json()).toEqual({
      bundleCents: 25000,
      credits: [{ courseId: 'energy-sovereignty', title: 'Energy Sovereignty', paidCents: 12500 }],
      creditCents: 12500,
      totalCents: 12500,
    });

    const { id } = (await startCheckout(testModeApp, buyer, ['complete-bundle'])).json();
    const page = await request(testModeApp, 'GET', `/api/checkout/test-sessions/${id}`, buyer);
    expect(page.json<TestCheckout>()).toMatchObject({
      credit: { label: 'Already paid for Energy Sovereignty', cents: 12500 },
      totalCents: 12500,
    });
    await request(testModeApp, 'POST', `/api/checkout/test-sessions/${id}/pay`, buyer, {});
    expect(await accessTo(testModeApp, buyer, 'sovereign-flame')).toBe('paid');
    const receipt = await receiptOf(testModeApp, buyer, id);
    expect(receipt).toContain('- Already paid for Energy Sovereignty: -€125');
    expect(receipt).toContain('Total paid: €125');
  });

  it('asks Stripe for the rest only, and opens the courses once that is paid', async () => {
    const buyer = await createUser(stripeApp.app);
    const first = (await startCheckout(stripeApp, buyer, ['energy-sovereignty'])).json();
    fakeStripe.completeCheckout(first.id);
    await confirm(stripeApp, buyer, first.id);

    const { id } = (await startCheckout(stripeApp, buyer, ['complete-bundle'])).json();
    const sent = fakeStripe.requests.findLast(
      (recorded) => recorded.path === '/v1/checkout/sessions',
    )!;
    expect(sent.body.line_items).toMatchObject([
      {
        price_data: {
          unit_amount: '12500',
          product_data: { description: expect.stringContaining('€250 less €125 already paid') },
        },
      },
    ]);
    fakeStripe.completeCheckout(id);
    expect((await confirm(stripeApp, buyer, id)).json().status).toBe('paid');
    expect(await accessTo(stripeApp, buyer, 'sovereign-flame')).toBe('paid');
  });

  it('costs nothing once the courses paid for add up to its price, and opens at once, once', async () => {
    const buyer = await createUser(testModeApp.app);
    await payInTestMode(buyer, ['energy-sovereignty']);
    await payInTestMode(buyer, ['sovereign-flame']);

    const started = await startCheckout(testModeApp, buyer, ['complete-bundle']);
    const { id, url } = started.json<CheckoutSessionResponse>();
    expect(url).toBe(`http://localhost:3000/dashboard?session_id=${id}`);
    expect((await confirm(testModeApp, buyer, id)).json().status).toBe('paid');
    expect((await confirm(testModeApp, buyer, id)).json().status).toBe('paid');
    const receipt = await receiptOf(testModeApp, buyer, id);
    expect(receipt).toContain('Already paid for Energy Sovereignty and The Sovereign Flame: -€250');
    expect(receipt).toContain('Total paid: €0');
    const purchases = await request(testModeApp, 'GET', '/api/me/purchases', buyer);
    expect(purchases.json<PurchasesResponse>().purchases[0]).toMatchObject({
      id,
      amountPaidCents: 0,
    });
  });

  it('credits nothing for an admin grant', async () => {
    const granted = await createUser(testModeApp.app);
    await enroll(testModeApp, granted, ['energy-sovereignty']);
    const offer = await request(testModeApp, 'GET', '/api/checkout/bundle-offer', granted);
    expect(offer.json()).toMatchObject({ creditCents: 0, totalCents: 25000 });
  });

  it('credits a beta tester who upgrades to the bundle for the course they had bought', async () => {
    const buyer = await createUser(testModeApp.app);
    await payInTestMode(buyer, ['energy-sovereignty']);
    const upgrade = await request(testModeApp, 'POST', '/api/create-checkout-session', buyer, {
      lineItems: [{ price: 'complete-bundle', quantity: 1 }],
      mode: 'payment',
      metadata: { isBundle: 'true', upgradeFromBeta: 'true', courseIds: 'complete-bundle' },
    });
    const page = await request(
      testModeApp,
      'GET',
      `/api/checkout/test-sessions/${upgrade.json().id}`,
      buyer,
    );
    expect(page.json<TestCheckout>().totalCents).toBe(12500);
  });
});

describe('POST /api/create-customer-portal-session', () => {
  it('answers 401 signed out and 400 "No Stripe customer ID found" before any purchase', async () => {
    const payload = { returnUrl: '/dashboard' };
    expect((await openPortal(stripeApp, undefined, payload)).statusCode).toBe(401);
    const buyer = await createUser(stripeApp.app);
    const response = await openPortal(stripeApp, buyer, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('No Stripe customer ID found');
  });

  it("opens the portal of the caller's customer, returning only to this site", async () => {
    const buyer = await createUser(stripeApp.app);
    await startCheckout(stripeApp, buyer, ['energy-sovereignty']);
    const response = await openPortal(stripeApp, buyer, {
      returnUrl: '/dashboard',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/\/p\/session\/bps_/);
    const sent = fakeStripe.requests.findLast(
      (recorded) => recorded.path === '/v1/billing_portal/sessions',
    )!;
    expect(sent.body.return_url).toBe('http://localhost:3000/dashboard');

    for (const returnUrl of [
      'https://evil.example/',
      '/\\evil.example',
      'http://localhost:3000/\\evil.example',
      '/\t/evil.example',
      '/.//evil.example',
      'http://localhost:3000/..//evil.example',
    ]) {
      const elsewhere = await openPortal(stripeApp, buyer, { returnUrl });
      expect(elsewhere.statusCode, returnUrl).toBe(400);
    }
  });

  it("refuses another customer's portal with 403", async () => {
    const buyer = await createUser(stripeApp.app);
    await startCheckout(stripeApp, buyer, ['energy-sovereignty']);
    const response = await openPortal(stripeApp, buyer, {
      returnUrl: '/dashboard',
      customerId: 'cus_someone_else',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/get-customer-subscriptions and POST /api/check-course-access', () => {
  it('answer 401 without a session', async () => {
    expect((await request(stripeApp, 'GET', '/api/get-customer-subscriptions')).statusCode).toBe(
      401,
    );
    const check = await request(stripeApp, 'POST', '/api/check-course-access', undefined, {
      courseId: 'energy-sovereignty',
    });
    expect(check.statusCode).toBe(401);
  });

  it("tell the caller about their own access and refuse another customer's with 403", async () => {
    const buyer = await createUser(stripeApp.app);
    const other = await createUser(stripeApp.app);
    await startCheckout(stripeApp, other, ['energy-sovereignty']);
    const [otherProfile] = await stripeApp.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, other.id));
    const otherCustomer = otherProfile!.stripeCustomerId!;
    await enroll(stripeApp, buyer, ['energy-sovereignty']);

    const own = await request(stripeApp, 'POST', '/api/check-course-access', buyer, {
      courseId: 'energy-sovereignty',
    });
    expect(own.json()).toEqual({ hasAccess: true });
    const notBought = await request(stripeApp, 'POST', '/api/check-course-access', buyer, {
      courseId: 'sovereign-flame',
    });
    expect(notBought.json()).toEqual({ hasAccess: false });

    const foreign = await request(stripeApp, 'POST', '/api/check-course-access', buyer, {
      courseId: 'energy-sovereignty',
      customerId: otherCustomer,
    });
    expect(foreign.statusCode).toBe(403);
    const subscriptions = await request(
      stripeApp,
      'GET',
      `/api/get-customer-subscriptions?customerId=${otherCustomer}`,
      buyer,
    );
    expect(subscriptions.statusCode).toBe(403);
    const own_subscriptions = await request(
      stripeApp,
      'GET',
      '/api/get-customer-subscriptions',
      buyer,
    );
    expect(own_subscriptions.json()).toEqual({ subscriptions: [], plansAtRisk: [] });
  });

  it('let an admin ask about another customer', async () => {
    const admin = await createAdmin(stripeApp.app, stripeApp.db);
    const buyer = await createUser(stripeApp.app);
    const { id } = (await startCheckout(stripeApp, buyer, ['energy-sovereignty'])).json();
    fakeStripe.completeCheckout(id);
    await confirm(stripeApp, buyer, id);
    const [profile] = await stripeApp.db.select().from(profiles).where(eq(profiles.id, buyer.id));

    const check = await request(stripeApp, 'POST', '/api/check-course-access', admin, {
      courseId: 'energy-sovereignty',
      customerId: profile!.stripeCustomerId!,
    });
    expect(check.json()).toEqual({ hasAccess: true });
    const subscriptions = await request(
      stripeApp,
      'GET',
      `/api/get-customer-subscriptions?customerId=${profile!.stripeCustomerId}`,
      admin,
    );
    expect(subscriptions.statusCode).toBe(200);
  });

  it('refuse an unknown course with 400', async () => {
    const buyer = await createUser(stripeApp.app);
    const response = await request(stripeApp, 'POST', '/api/check-course-access', buyer, {
      courseId: 'no-such-course',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Course not found: no-such-course');
  });
});

describe('GET /api/me/purchases', () => {
  it("answers 401 signed out and never shows another account's purchases", async () => {
    expect((await request(testModeApp, 'GET', '/api/me/purchases')).statusCode).toBe(401);
    const buyer = await createUser(testModeApp.app);
    const other = await createUser(testModeApp.app);
    const { id } = (await startCheckout(testModeApp, other, ['energy-sovereignty'])).json();
    await request(testModeApp, 'POST', `/api/checkout/test-sessions/${id}/pay`, other, {});
    const response = await request(testModeApp, 'GET', '/api/me/purchases', buyer);
    expect(response.json()).toEqual({ purchases: [] });
  });
});

describe('configuration', () => {
  it('refuses a Stripe key without the webhook signing secret, naming the variable', () => {
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', AUTH_SECRET: 'a'.repeat(32), DATA_DIR: '/tmp' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: /);
  });
});
