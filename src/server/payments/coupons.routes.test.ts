import { couponOnPlanMessage } from './create-checkout.ts';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Billing } from '../../shared/api/account.ts';
import type { Coupon, CouponInput, CouponPreview, Coupons } from '../../shared/api/coupons.ts';

import { invoicePdfPath, type TestCheckout } from '../../shared/api/payments.ts';
import { couponMessages } from '../../shared/rules/coupons.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { createPaymentsContext } from './payments-context.ts';
import { refundCheckout } from './product-checkout.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startFakeStripeServer, type FakeStripe } from '../testing/fake-stripe-server.ts';
import { confirmFreshSecondFactor } from '../testing/second-factor.ts';
import { createAdmin, createUser, type TestAdmin, type TestUser } from '../testing/users.ts';

type ApiError = { error: { code: string; message: string } };

let fakeStripe: FakeStripe;
let stripeApp: TestApp;
let testModeApp: TestApp;
let stripeAdmin: TestAdmin;
let testModeAdmin: TestAdmin;

beforeAll(async () => {
  fakeStripe = await startFakeStripeServer();
  [stripeApp, testModeApp] = await Promise.all([
    buildTestApp(fakeStripe.environment),
    buildTestApp(),
  ]);
  [stripeAdmin, testModeAdmin] = await Promise.all([
    createAdmin(stripeApp.app, stripeApp.db),
    createAdmin(testModeApp.app, testModeApp.db),
  ]);
  await Promise.all([
    confirmFreshSecondFactor(stripeApp.app, stripeAdmin),
    confirmFreshSecondFactor(testModeApp.app, testModeAdmin),
  ]);
});
afterAll(async () => {
  await Promise.all([stripeApp.close(), testModeApp.close()]);
  await fakeStripe.close();
});

/** A code no other test uses. */
const freshCode = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;

async function makeCoupon(testApp: TestApp, admin: TestAdmin, input: CouponInput) {
  const response = await testApp.as(admin).post('/api/admin/coupons', input);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Coupon>();
}

const startCheckout = (testApp: TestApp, buyer: TestUser, productIds: string[], code?: string) =>
  testApp.as(buyer).post('/api/create-checkout-session', {
    lineItems: productIds.map((price) => ({ price, quantity: 1 })),
    ...(code !== undefined && { couponCode: code }),
  });

const recordOf = async (testApp: TestApp, id: string) =>
  (await testApp.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0]!;

const usesOf = async (testApp: TestApp, admin: TestAdmin, id: string) =>
  (await testApp.as(admin).get('/api/admin/coupons'))
    .json<Coupons>()
    .coupons.find((coupon) => coupon.id === id)!.uses;

async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe('admin coupons', () => {
  it('creates, lists, changes and disables a code, stored in capitals', async () => {
    const code = freshCode('spring');
    const created = await makeCoupon(testModeApp, testModeAdmin, {
      code,
      kind: 'percent',
      value: 20,
      productIds: ['energy-sovereignty'],
      expiresAt: '2099-01-01T00:00:00.000Z',
      maxUses: 5,
    });
    expect(created).toMatchObject({
      code: code.toUpperCase(),
      kind: 'percent',
      value: 20,
      productIds: ['energy-sovereignty'],
      maxUses: 5,
      uses: 0,
      isActive: true,
    });
    const listed = (await testModeApp.as(testModeAdmin).get('/api/admin/coupons')).json<Coupons>();
    expect(listed.coupons.map((coupon) => coupon.id)).toContain(created.id);

    const disabled = await testModeApp.as(testModeAdmin).put(`/api/admin/coupons/${created.id}`, {
      code,
      kind: 'amount',
      value: 2500,
      isActive: false,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<Coupon>()).toMatchObject({ kind: 'amount', value: 2500, isActive: false });

    const buyer = await createUser(testModeApp.app);
    const refused = await startCheckout(testModeApp, buyer, ['energy-sovereignty'], code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>().error.message).toBe(couponMessages.unknown);
  });

  it("changes a used code's expiry, uses, products and switch, but keeps its letters and discount", async () => {
    const code = freshCode('edit');
    const coupon = await makeCoupon(testModeApp, testModeAdmin, {
      code,
      kind: 'percent',
      value: 10,
      maxUses: 3,
    });
    const buyer = await createUser(testModeApp.app);
    const { id } = (await startCheckout(testModeApp, buyer, ['energy-sovereignty'], code)).json<{
      id: string;
    }>();
    await testModeApp.as(buyer).post(`/api/checkout/test-sessions/${id}/pay`, {});
    const put = (input: object) =>
      testModeApp.as(testModeAdmin).put(`/api/admin/coupons/${coupon.id}`, {
        code,
        kind: 'percent',
        value: 10,
        ...input,
      });

    const changed = await put({
      expiresAt: '2099-06-30T23:59:59.000Z',
      maxUses: 10,
      productIds: ['complete-bundle'],
      isActive: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Coupon>()).toMatchObject({
      code: code.toUpperCase(),
      value: 10,
      expiresAt: '2099-06-30T23:59:59.000Z',
      maxUses: 10,
      productIds: ['complete-bundle'],
      isActive: false,
      uses: 1,
      hasOrders: true,
    });

    for (const input of [
      { value: 50 },
      { kind: 'amount', value: 10 },
      { code: freshCode('new') },
    ]) {
      const kept = await put(input);
      expect(kept.statusCode).toBe(409);
      expect(kept.json<ApiError>().error.message).toBe(couponMessages.termsKept);
    }
    // One use made: a maximum of one is allowed, and the code is then used up.
    expect((await put({ maxUses: 1, isActive: true })).statusCode).toBe(200);
  });

  it('changes the letters and discount of a code no order used, and refuses maximum uses below the uses made', async () => {
    const code = freshCode('fresh');
    const coupon = await makeCoupon(testModeApp, testModeAdmin, {
      code,
      kind: 'percent',
      value: 10,
    });
    const renamed = freshCode('renamed');
    const changed = await testModeApp
      .as(testModeAdmin)
      .put(`/api/admin/coupons/${coupon.id}`, { code: renamed, kind: 'amount', value: 1_500 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Coupon>()).toMatchObject({
      code: renamed.toUpperCase(),
      kind: 'amount',
      value: 1_500,
      hasOrders: false,
    });

    const used = freshCode('used');
    const usedCoupon = await makeCoupon(testModeApp, testModeAdmin, {
      code: used,
      kind: 'percent',
      value: 10,
    });
    for (let buyerCount = 0; buyerCount < 2; buyerCount += 1) {
      const buyer = await createUser(testModeApp.app);
      const { id } = (await startCheckout(testModeApp, buyer, ['energy-sovereignty'], used)).json<{
        id: string;
      }>();
      await testModeApp.as(buyer).post(`/api/checkout/test-sessions/${id}/pay`, {});
    }
    const tooFew = await testModeApp.as(testModeAdmin).put(`/api/admin/coupons/${usedCoupon.id}`, {
      code: used,
      kind: 'percent',
      value: 10,
      maxUses: 1,
    });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json<ApiError>().error.message).toContain('below the 2 already made');
    const badBody = await testModeApp.as(testModeAdmin).put(`/api/admin/coupons/${usedCoupon.id}`, {
      code: used,
      kind: 'percent',
      value: 10,
      expiresAt: 'soon',
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json<ApiError>().error.message).toContain('expiresAt');
  });

  it('refuses a code already taken in any case with 409', async () => {
    const code = freshCode('taken');
    await makeCoupon(testModeApp, testModeAdmin, { code, kind: 'percent', value: 10 });
    const again = await testModeApp
      .as(testModeAdmin)
      .post('/api/admin/coupons', { code: code.toLowerCase(), kind: 'percent', value: 15 });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().error.message).toBe(couponMessages.codeTaken);
  });

  it('answers 400 naming what is wrong', async () => {
    const cases: [object, string][] = [
      [{ code: 'a b', kind: 'percent', value: 10 }, 'A code has 3 to 40 letters'],
      [{ code: 'X'.repeat(41), kind: 'percent', value: 10 }, 'A code has 3 to 40 letters'],
      [{ code: 'OK-CODE', kind: 'gift', value: 10 }, 'expected percent or amount'],
      [{ code: 'OK-CODE', kind: 'percent', value: 101 }, 'A percentage is a whole number'],
      [{ code: 'OK-CODE', kind: 'amount', value: 0 }, 'An amount is from 1 cent'],
      [{ code: 'OK-CODE', kind: 'percent', value: 10, maxUses: 0 }, 'The number of uses'],
      [{ code: 'OK-CODE', kind: 'percent', value: 10, expiresAt: 'soon' }, 'expected a date'],
      [{ code: 'OK-CODE', kind: 'percent', value: 10, productIds: ['nope'] }, 'Unknown course'],
    ];
    for (const [payload, message] of cases) {
      const response = await testModeApp.as(testModeAdmin).post('/api/admin/coupons', payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json<ApiError>().error.message).toContain(message);
    }
    const unknown = await testModeApp
      .as(testModeAdmin)
      .put('/api/admin/coupons/00000000-0000-4000-8000-000000000000', {
        code: 'NOBODY',
        kind: 'percent',
        value: 10,
      });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 401 without a session, 403 to a learner and to an admin without a fresh second factor', async () => {
    const learner = await createUser(testModeApp.app);
    const otherAdmin = await createAdmin(testModeApp.app, testModeApp.db);
    const body = { code: 'NOT-MADE', kind: 'percent', value: 10 };
    const routes: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/api/admin/coupons'],
      ['POST', '/api/admin/coupons', body],
      ['PUT', '/api/admin/coupons/00000000-0000-4000-8000-000000000000', body],
    ];
    for (const [method, url, payload] of routes) {
      expect((await testModeApp.as(undefined).request(method, url, payload)).statusCode).toBe(401);
      expect((await testModeApp.as(learner).request(method, url, payload)).statusCode).toBe(403);
    }
    for (const [method, url, payload] of routes.slice(1)) {
      const response = await testModeApp.as(otherAdmin).request(method, url, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json<ApiError>().error.code).toBe('second_factor_needed');
    }
  });
});

describe('POST /api/checkout/coupon-preview', () => {
  it("shows the order's price with the code, only on the courses it is for", async () => {
    const code = freshCode('flame');
    await makeCoupon(testModeApp, testModeAdmin, {
      code,
      kind: 'percent',
      value: 20,
      productIds: ['sovereign-flame'],
    });
    const buyer = await createUser(testModeApp.app);
    const preview = await testModeApp.as(buyer).post('/api/checkout/coupon-preview', {
      productIds: ['energy-sovereignty', 'sovereign-flame'],
      code: ` ${code.toLowerCase()} `,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<CouponPreview>()).toEqual({
      code: code.toUpperCase(),
      subtotalCents: 25_000,
      discountCents: 2_500,
      totalCents: 22_500,
    });

    const notForIt = await testModeApp
      .as(buyer)
      .post('/api/checkout/coupon-preview', { productIds: ['energy-sovereignty'], code });
    expect(notForIt.statusCode).toBe(400);
    expect(notForIt.json<ApiError>().error.message).toBe(couponMessages.notForOrder);
  });

  it('refuses an unknown or expired code, a bad body and a visitor', async () => {
    const expired = freshCode('old');
    await makeCoupon(testModeApp, testModeAdmin, {
      code: expired,
      kind: 'amount',
      value: 1000,
      expiresAt: '2020-01-01T00:00:00.000Z',
    });
    const buyer = await createUser(testModeApp.app);
    const preview = (body: object) =>
      testModeApp.as(buyer).post('/api/checkout/coupon-preview', body);
    const cases: [object, string][] = [
      [{ productIds: ['energy-sovereignty'], code: 'NO-SUCH-CODE' }, couponMessages.unknown],
      [{ productIds: ['energy-sovereignty'], code: expired }, couponMessages.expired],
      [{ productIds: [], code: 'ANY-CODE' }, 'Please select at least one course'],
      [{ productIds: ['energy-sovereignty'], code: 'x'.repeat(500) }, 'A code has 3 to 40'],
      [{ productIds: ['no-such-course'], code: 'ANY-CODE' }, 'Course not found'],
    ];
    for (const [body, message] of cases) {
      const response = await preview(body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json<ApiError>().error.message).toContain(message);
    }
    const visitor = await testModeApp
      .as(undefined)
      .post('/api/checkout/coupon-preview', { productIds: ['energy-sovereignty'], code: expired });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('checkout with a code, in payment test mode', () => {
  it('takes the discounted price, counts one use, and invoices and refunds what was paid', async () => {
    const code = freshCode('test');
    const coupon = await makeCoupon(testModeApp, testModeAdmin, {
      code,
      kind: 'amount',
      value: 2_550,
    });
    const buyer = await createUser(testModeApp.app);
    const started = await startCheckout(testModeApp, buyer, ['energy-sovereignty'], code);
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json<{ id: string }>();

    const page = (
      await testModeApp.as(buyer).get(`/api/checkout/test-sessions/${id}`)
    ).json<TestCheckout>();
    expect(page.discount).toEqual({ label: `Code ${code.toUpperCase()}`, cents: 2_550 });
    expect(page.totalCents).toBe(9_950);

    const paid = await testModeApp
      .as(buyer)
      .post(`/api/checkout/test-sessions/${id}/pay`, { billingCountry: 'IE' });
    expect(paid.statusCode, paid.body).toBe(200);
    const record = await recordOf(testModeApp, id);
    expect(record).toMatchObject({
      amountCents: 9_950,
      amountPaidCents: 9_950,
      discountCents: 2_550,
    });
    expect(record.fulfilledAt).not.toBeNull();
    expect(await usesOf(testModeApp, testModeAdmin, coupon.id)).toBe(1);

    // Confirming again (the success page after the test page) counts nothing more.
    await testModeApp.as(buyer).post('/api/checkout/confirm', { checkoutId: id });
    expect(await usesOf(testModeApp, testModeAdmin, coupon.id)).toBe(1);

    const billing = (await testModeApp.as(buyer).get('/api/account/billing')).json<Billing>();
    const invoice = billing.invoices.find((candidate) => candidate.checkoutId === id)!;
    expect(invoice.grossCents).toBe(9_950);
    const pdf = await testModeApp.as(buyer).get(invoicePdfPath(invoice.id));
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Discount (Code ${code.toUpperCase()})`);
    expect(text).toMatch(/Total paid\s+€99\.50/);

    // A refund gives back what was paid, and its credit note says so.
    expect(await refundCheckout(createPaymentsContext(testModeApp.app), id)).toBe(true);
    const refunded = (await testModeApp.as(buyer).get('/api/account/billing')).json<Billing>();
    const creditNote = refunded.invoices.find(
      (candidate) => candidate.checkoutId === id && candidate.kind === 'credit_note',
    );
    expect(creditNote?.grossCents).toBe(-9_950);
    // ...and gives the code its use back, once however often the refund is asked.
    expect(await usesOf(testModeApp, testModeAdmin, coupon.id)).toBe(0);
    expect(await refundCheckout(createPaymentsContext(testModeApp.app), id)).toBe(false);
    expect(await usesOf(testModeApp, testModeAdmin, coupon.id)).toBe(0);
  });

  it('makes an order a code pays in full complete at once, with no invoice', async () => {
    const code = freshCode('free');
    await makeCoupon(testModeApp, testModeAdmin, { code, kind: 'percent', value: 100 });
    const buyer = await createUser(testModeApp.app);
    const started = await startCheckout(testModeApp, buyer, ['energy-sovereignty'], code);
    expect(started.statusCode, started.body).toBe(200);
    const record = await recordOf(testModeApp, started.json<{ id: string }>().id);
    expect(record).toMatchObject({ amountCents: 0, paymentStatus: 'no_payment_required' });
    expect(record.fulfilledAt).not.toBeNull();
  });

  it('refuses a code on an order paid in monthly payments: codes apply to paying in full', async () => {
    const code = freshCode('plan');
    await makeCoupon(testModeApp, testModeAdmin, { code, kind: 'percent', value: 10 });
    const buyer = await createUser(testModeApp.app);
    const started = await testModeApp.as(buyer).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
      mode: 'subscription',
      couponCode: code,
    });
    expect(started.statusCode).toBe(400);
    expect(started.json().error.message).toBe(couponOnPlanMessage);
  });

  it('refuses a code at its limit while checkouts with it are open, and counts each paid use once', async () => {
    const code = freshCode('twice');
    const coupon = await makeCoupon(testModeApp, testModeAdmin, {
      code,
      kind: 'percent',
      value: 10,
      maxUses: 2,
    });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => createUser(testModeApp.app)));
    const answers = await Promise.all(
      buyers.map((buyer) => startCheckout(testModeApp, buyer, ['energy-sovereignty'], code)),
    );
    const started = answers.filter((answer) => answer.statusCode === 200);
    expect(started).toHaveLength(2);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json<ApiError>().error.message).toBe(couponMessages.usedUp);
    }
    // Both pay at once, each from two callers at once: two uses, not four.
    await Promise.all(
      started.flatMap((answer) => {
        const { id } = answer.json<{ id: string }>();
        const buyer = buyers[answers.indexOf(answer)]!;
        return [
          testModeApp.as(buyer).post(`/api/checkout/test-sessions/${id}/pay`, {}),
          testModeApp.as(buyer).post(`/api/checkout/test-sessions/${id}/pay`, {}),
        ];
      }),
    );
    expect(await usesOf(testModeApp, testModeAdmin, coupon.id)).toBe(2);
    const late = await startCheckout(
      testModeApp,
      await createUser(testModeApp.app),
      ['energy-sovereignty'],
      code,
    );
    expect(late.json<ApiError>().error.message).toBe(couponMessages.usedUp);
  });
});

describe('checkout with a code, through Stripe', () => {
  const deliver = (sessionId: string) => {
    const event = fakeStripe.signedEvent(
      'checkout.session.completed',
      fakeStripe.checkoutSessions.get(sessionId)!,
    );
    return stripeApp.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: event.headers,
      payload: event.payload,
    });
  };

  it('creates the session at the discounted price, and fulfils when that amount is paid', async () => {
    const code = freshCode('stripe');
    const coupon = await makeCoupon(stripeApp, stripeAdmin, { code, kind: 'percent', value: 20 });
    const buyer = await createUser(stripeApp.app);
    const started = await startCheckout(stripeApp, buyer, ['complete-bundle'], code);
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json<{ id: string }>();

    const session = fakeStripe.checkoutSessions.get(id)!;
    expect(session.amount_total).toBe(20_000);
    expect(session.allow_promotion_codes).toBe(false);
    const lineItems = fakeStripe.requests.findLast(
      (request) => request.path === '/v1/checkout/sessions',
    )!.body.line_items as { price_data: { product_data: { description: string } } }[];
    expect(lineItems[0]!.price_data.product_data.description).toContain(
      `Code ${code.toUpperCase()}: -€50.00.`,
    );
    expect(Number(session.expires_at) - Date.now() / 1000).toBeGreaterThan(59 * 60);

    fakeStripe.completeCheckout(id);
    expect((await deliver(id)).statusCode).toBe(200);
    const record = await recordOf(stripeApp, id);
    expect(record.amountPaidCents).toBe(20_000);
    expect(record.fulfilledAt).not.toBeNull();
    expect(await usesOf(stripeApp, stripeAdmin, coupon.id)).toBe(1);
  });

  it("gives a code's use back when Stripe reports the payment refunded, once for repeated events", async () => {
    const code = freshCode('back');
    const coupon = await makeCoupon(stripeApp, stripeAdmin, {
      code,
      kind: 'percent',
      value: 10,
      maxUses: 1,
    });
    const buyer = await createUser(stripeApp.app);
    const { id } = (await startCheckout(stripeApp, buyer, ['energy-sovereignty'], code)).json<{
      id: string;
    }>();
    const session = fakeStripe.completeCheckout(id);
    await deliver(id);
    expect(await usesOf(stripeApp, stripeAdmin, coupon.id)).toBe(1);

    const charge = {
      id: `ch_${randomBytes(6).toString('hex')}`,
      object: 'charge',
      payment_intent: session.payment_intent,
      amount: 11_250,
      amount_refunded: 11_250,
      refunded: true,
      currency: 'eur',
    };
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const event = fakeStripe.signedEvent('charge.refunded', charge);
      const answer = await stripeApp.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: event.headers,
        payload: event.payload,
      });
      expect(answer.statusCode).toBe(200);
    }
    expect(await usesOf(stripeApp, stripeAdmin, coupon.id)).toBe(0);
    // The use given back can be taken again.
    const again = await startCheckout(
      stripeApp,
      await createUser(stripeApp.app),
      ['energy-sovereignty'],
      code,
    );
    expect(again.statusCode, again.body).toBe(200);
  });

  it('opens nothing and counts no use when Stripe took another amount than the discounted price', async () => {
    const code = freshCode('wrong');
    const coupon = await makeCoupon(stripeApp, stripeAdmin, { code, kind: 'amount', value: 2_500 });
    const buyer = await createUser(stripeApp.app);
    const started = await startCheckout(stripeApp, buyer, ['energy-sovereignty'], code);
    const { id } = started.json<{ id: string }>();
    fakeStripe.completeCheckout(id);
    // The catalogue price, not the price with the code.
    fakeStripe.checkoutSessions.get(id)!.amount_total = 12_500;
    expect((await deliver(id)).statusCode).toBe(200);
    expect((await recordOf(stripeApp, id)).fulfilledAt).toBeNull();
    expect(await usesOf(stripeApp, stripeAdmin, coupon.id)).toBe(0);
  });
});
