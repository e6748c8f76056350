import { randomBytes } from 'node:crypto';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '../../shared/api/settings.ts';
import type { Billing } from '../../shared/api/account.ts';
import { invoicePdfPath } from '../../shared/api/payments.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startFakeStripeServer, type FakeStripe } from '../testing/fake-stripe-server.ts';
import { waitForMailTo } from '../testing/mail.ts';
import { createAdmin, createUser, type TestAdmin, type TestUser } from '../testing/users.ts';

let fakeStripe: FakeStripe;
let stripeApp: TestApp;
let testModeApp: TestApp;

const seller = {
  legalName: 'Sovereign Flame Studio GmbH',
  address: 'Lindenstraße 1\n10115 Berlin\nGermany',
  vatNumber: 'DE123456789',
};

async function setSellerSettings(testApp: TestApp, admin: TestAdmin) {
  const current = (await testApp.as(admin).get('/api/admin/settings')).json<AdminSettings>();
  const saved = await testApp.as(admin).put('/api/admin/settings', {
    maintenanceMode: current.maintenanceMode,
    maxUsers: current.maxUsers,
    features: current.features,
    seller: { ...seller, vatNumber: 'de 123 456 789' },
    vatRates: { DE: 1900, FR: 2000, IE: 2300 },
    version: current.version,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json<AdminSettings>().seller).toEqual(seller);
}

beforeAll(async () => {
  fakeStripe = await startFakeStripeServer();
  [stripeApp, testModeApp] = await Promise.all([
    buildTestApp(fakeStripe.environment),
    buildTestApp(),
  ]);
  await Promise.all(
    [stripeApp, testModeApp].map(async (testApp) =>
      setSellerSettings(testApp, await createAdmin(testApp.app, testApp.db)),
    ),
  );
});
afterAll(async () => {
  await Promise.all([stripeApp.close(), testModeApp.close()]);
  await fakeStripe.close();
});

async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

async function buyInTestMode(buyer: TestUser, billingCountry?: string) {
  const started = await testModeApp.as(buyer).post('/api/create-checkout-session', {
    lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
    metadata: { customerName: 'Maya Stone' },
  });
  const { id } = started.json<{ id: string }>();
  const paid = await testModeApp
    .as(buyer)
    .post(`/api/checkout/test-sessions/${id}/pay`, billingCountry ? { billingCountry } : {});
  expect(paid.statusCode).toBe(200);
  return id;
}

const billingOf = async (testApp: TestApp, user: TestUser) =>
  (await testApp.as(user).get('/api/account/billing')).json<Billing>();

describe('invoices', () => {
  it("number a paid order, print the seller's and buyer's details and the VAT of the buyer's country, and come with the receipt", async () => {
    const buyer = await createUser(testModeApp.app);
    const checkoutId = await buyInTestMode(buyer, 'FR');

    const [invoice] = (await billingOf(testModeApp, buyer)).invoices;
    expect(invoice).toMatchObject({ kind: 'invoice', checkoutId, grossCents: 12_500 });
    expect(invoice!.number).toMatch(/^TEST-\d{4}-\d{4}$/);

    const download = await testModeApp.as(buyer).get(invoicePdfPath(invoice!.id));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(`${invoice!.number}.pdf`);
    const text = await pdfText(download.rawPayload);
    expect(text).toContain(`Invoice ${invoice!.number}`);
    expect(text).toContain(seller.legalName);
    expect(text).toContain('VAT number: DE123456789');
    expect(text).toContain('Country: FR');
    expect(text).toContain(buyer.email);
    // 125.00 with 20 % VAT inside: 104.17 net, 20.83 VAT.
    expect(text).toMatch(/Total net\s+€104\.17/);
    expect(text).toMatch(/VAT 20%\s+€20\.83/);
    expect(text).toMatch(/Total paid\s+€125\.00/);

    const receipt = await waitForMailTo(
      testModeApp.db,
      buyer.email,
      'Your Sovereign Flame receipt',
    );
    expect(receipt.text).toContain('Net: €104.17');
    expect(receipt.text).toContain('VAT 20%: €20.83');
    expect(receipt.text).toContain(`Invoice: ${invoice!.number}`);
    const [attachment] = receipt.attachments ?? [];
    expect(attachment).toMatchObject({ contentType: 'application/pdf', encoding: 'base64' });
    expect(await pdfText(Buffer.from(attachment!.content, 'base64'))).toContain(invoice!.number);
  });

  it('answer 401 without a session, 403 for another learner, 404 for none and 400 for a bad id', async () => {
    const buyer = await createUser(testModeApp.app);
    await buyInTestMode(buyer);
    const [invoice] = (await billingOf(testModeApp, buyer)).invoices;
    const path = invoicePdfPath(invoice!.id);

    expect((await testModeApp.as(undefined).get(path)).statusCode).toBe(401);
    const other = await createUser(testModeApp.app);
    const refused = await testModeApp.as(other).get(path);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('%PDF');
    expect((await testModeApp.as(other).get(invoicePdfPath(2_000_000_000))).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const answer = await testModeApp.as(buyer).get(`/api/invoices/${bad}/pdf`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ error: { message: string } }>().error.message).toContain('invoiceId');
    }
  });

  it('price a business of another member state at net on the test page, with reverse charge and its VAT number on the invoice', async () => {
    const business = await createUser(testModeApp.app);
    const started = await testModeApp.as(business).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
    });
    const { id } = started.json<{ id: string }>();
    const paid = await testModeApp.as(business).post(`/api/checkout/test-sessions/${id}/pay`, {
      billingCountry: 'FR',
      vatNumber: 'fr 12 345678901',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    // 125.00 is the consumer price with France's 20 % inside: the business pays 104.17.
    const [invoice] = (await billingOf(testModeApp, business)).invoices;
    expect(invoice).toMatchObject({ grossCents: 10_417, isReverseCharge: true });
    const text = await pdfText(
      (await testModeApp.as(business).get(invoicePdfPath(invoice!.id))).rawPayload,
    );
    expect(text).toContain('VAT number: FR12345678901');
    expect(text).toContain('Reverse charge');
    expect(text).toMatch(/Total paid\s+€104\.17/);
    const shown = await testModeApp.as(business).get(`/api/checkout/test-sessions/${id}`);
    expect(shown.json()).toMatchObject({
      totalCents: 10_417,
      reverseCharge: { vatNumber: 'FR12345678901', cents: 2_083 },
    });
  });

  it('take every payment of a plan at net when a business of another member state pays on the test page', async () => {
    const business = await createUser(testModeApp.app);
    const started = await testModeApp.as(business).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
      mode: 'subscription',
    });
    const { id } = started.json<{ id: string }>();
    const paid = await testModeApp.as(business).post(`/api/checkout/test-sessions/${id}/pay`, {
      billingCountry: 'FR',
      vatNumber: 'FR12345678901',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const first = await billingOf(testModeApp, business);
    expect(first.paymentPlans).toMatchObject([{ paidCount: 1, instalmentCents: 3_473 }]);

    await testModeApp.app.clock.tick(new Date(first.paymentPlans[0]!.nextDueAt!));
    const { invoices } = await billingOf(testModeApp, business);
    expect(invoices).toMatchObject([
      { grossCents: 3_473, isReverseCharge: true },
      { grossCents: 3_473, isReverseCharge: true },
    ]);
  });

  it("let a business in the seller's own country pay VAT, with its VAT number on the invoice", async () => {
    const business = await createUser(testModeApp.app);
    const started = await testModeApp.as(business).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
    });
    const { id } = started.json<{ id: string }>();
    await testModeApp.as(business).post(`/api/checkout/test-sessions/${id}/pay`, {
      billingCountry: 'DE',
      vatNumber: 'DE999999999',
    });
    const [invoice] = (await billingOf(testModeApp, business)).invoices;
    expect(invoice).toMatchObject({ grossCents: 12_500 });
    const text = await pdfText(
      (await testModeApp.as(business).get(invoicePdfPath(invoice!.id))).rawPayload,
    );
    expect(text).toContain('VAT number: DE999999999');
    expect(text).toMatch(/VAT 19%\s+€19\.96/);
    expect(text).not.toContain('Reverse charge');
  });

  it("refuse a VAT number of the wrong format or country with 400 naming it, another buyer's checkout with 403, none with 401", async () => {
    const business = await createUser(testModeApp.app);
    const started = await testModeApp.as(business).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
    });
    const { id } = started.json<{ id: string }>();
    const path = `/api/checkout/test-sessions/${id}/pay`;
    for (const body of [
      { billingCountry: 'FR', vatNumber: 'FR123' },
      { billingCountry: 'DE', vatNumber: 'FR12345678901' },
      { vatNumber: 'FR12345678901' },
      { billingCountry: 'FR', vatNumber: 'x'.repeat(41) },
    ]) {
      const refused = await testModeApp.as(business).post(path, body);
      expect(refused.statusCode).toBe(400);
      expect(
        refused.json<{ error: { message: string; fields: Record<string, string> } }>().error.fields,
      ).toHaveProperty('vatNumber');
    }
    const good = { billingCountry: 'FR', vatNumber: 'FR12345678901' };
    expect((await testModeApp.as(undefined).post(path, good)).statusCode).toBe(401);
    const other = await createUser(testModeApp.app);
    expect((await testModeApp.as(other).post(path, good)).statusCode).toBe(403);
  });

  it('refuse a bad billing country or seller VAT number with 400', async () => {
    const buyer = await createUser(testModeApp.app);
    const started = await testModeApp.as(buyer).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
    });
    const { id } = started.json<{ id: string }>();
    const bad = await testModeApp
      .as(buyer)
      .post(`/api/checkout/test-sessions/${id}/pay`, { billingCountry: 'France' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toContain('billingCountry');

    const admin = await createAdmin(testModeApp.app, testModeApp.db);
    const current = (await testModeApp.as(admin).get('/api/admin/settings')).json<AdminSettings>();
    const refused = await testModeApp.as(admin).put('/api/admin/settings', {
      ...current,
      seller: { ...seller, vatNumber: 'not a number' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toContain('EU VAT number');
    const badRate = await testModeApp
      .as(admin)
      .put('/api/admin/settings', { ...current, vatRates: { US: 800 } });
    expect(badRate.statusCode).toBe(400);
  });
});

describe('invoices of Stripe payments', () => {
  const deliver = (event: { payload: string; headers: Record<string, string> }) =>
    stripeApp.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: event.headers,
      payload: event.payload,
    });

  async function payWithStripe(buyer: TestUser, details: { country?: string; vatNumber?: string }) {
    const started = await stripeApp.as(buyer).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
    });
    const { id } = started.json<{ id: string }>();
    const session = fakeStripe.completeCheckout(id, 'paid', details);
    await deliver(fakeStripe.signedEvent('checkout.session.completed', session));
    return { sessionId: id, paymentIntent: session.payment_intent as string };
  }

  it("take the buyer's name, email and billing country from Checkout, and give a business in another member state reverse charge", async () => {
    const consumer = await createUser(stripeApp.app);
    await payWithStripe(consumer, { country: 'IE' });
    const [consumerInvoice] = (await billingOf(stripeApp, consumer)).invoices;
    expect(consumerInvoice!.number).toMatch(/^\d{4}-\d{4}$/);
    const consumerText = await pdfText(
      (await stripeApp.as(consumer).get(invoicePdfPath(consumerInvoice!.id))).rawPayload,
    );
    expect(consumerText).toContain('Country: IE');
    // 125.00 with Ireland's 23 %: 101.63 net, 23.37 VAT.
    expect(consumerText).toMatch(/VAT 23%\s+€23\.37/);

    const business = await createUser(stripeApp.app);
    await payWithStripe(business, { country: 'FR', vatNumber: 'FR12345678901' });
    const [businessInvoice] = (await billingOf(stripeApp, business)).invoices;
    const businessText = await pdfText(
      (await stripeApp.as(business).get(invoicePdfPath(businessInvoice!.id))).rawPayload,
    );
    expect(businessText).toContain('VAT number: FR12345678901');
    expect(businessText).toMatch(/VAT 0%\s+€0\.00/);
    expect(businessText).toContain('Reverse charge');
  });

  it('price a business of another member state at net per line on Stripe, open its access, and invoice it as reverse charge', async () => {
    const business = await createUser(stripeApp.app);
    const started = await stripeApp.as(business).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
      business: { country: 'FR', vatNumber: 'FR12345678901' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json<{ id: string }>();
    const created = fakeStripe.requests.find(
      (request) =>
        request.path === '/v1/checkout/sessions' &&
        request.method === 'POST' &&
        fakeStripe.checkoutSessions.get(id)?.metadata === request.body.metadata,
    );
    expect(created?.body).toMatchObject({
      tax_id_collection: { enabled: 'false' },
      line_items: [{ price_data: { unit_amount: '10417' } }],
    });
    const session = fakeStripe.completeCheckout(id, 'paid', { country: 'FR' });
    await deliver(fakeStripe.signedEvent('checkout.session.completed', session));

    const access = await stripeApp.as(business).get('/api/me/access');
    expect(
      access.json<{ courses: { courseId: string; accessType: string }[] }>().courses,
    ).toContainEqual(
      expect.objectContaining({ courseId: 'energy-sovereignty', accessType: 'paid' }),
    );
    const [invoice] = (await billingOf(stripeApp, business)).invoices;
    expect(invoice).toMatchObject({ grossCents: 10_417, isReverseCharge: true });
    const text = await pdfText(
      (await stripeApp.as(business).get(invoicePdfPath(invoice!.id))).rawPayload,
    );
    expect(text).toContain('VAT number: FR12345678901');
    expect(text).toContain('Country: FR');
    expect(text).toContain('Reverse charge');
    expect(text).toMatch(/VAT 0%\s+€0\.00/);
  });

  it('tell the shop the price a business will pay before checkout, in full or each month', async () => {
    const buyer = await createUser(stripeApp.app);
    const price = (body: object) =>
      stripeApp.as(buyer).post('/api/checkout/business-price', {
        productIds: ['energy-sovereignty'],
        ...body,
      });
    const france = { country: 'FR', vatNumber: 'FR12345678901' };
    expect((await price({ business: france })).json()).toEqual({
      isReverseCharge: true,
      vatRemovedCents: 2_083,
      totalCents: 10_417,
    });
    expect((await price({ business: france, mode: 'subscription' })).json()).toMatchObject({
      isReverseCharge: true,
      totalCents: 3_473,
    });
    expect((await price({ business: { country: 'DE', vatNumber: 'DE999999999' } })).json()).toEqual(
      { isReverseCharge: false, vatRemovedCents: 0, totalCents: 12_500 },
    );

    const refused = await price({ business: { country: 'FR', vatNumber: 'FR1' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(
      /^business\.vatNumber/,
    );
    const noCourse = await price({ productIds: [], business: france });
    expect(noCourse.statusCode).toBe(400);
    const anonymous = await stripeApp.as(undefined).post('/api/checkout/business-price', {
      productIds: ['energy-sovereignty'],
      business: france,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("keep VAT in the price of a business in the seller's own country", async () => {
    const business = await createUser(stripeApp.app);
    const started = await stripeApp.as(business).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
      business: { country: 'DE', vatNumber: 'DE999999999' },
    });
    const { id } = started.json<{ id: string }>();
    expect(fakeStripe.checkoutSessions.get(id)?.amount_total).toBe(12_500);
  });

  it('take each payment of a plan bought by a business of another member state at net, each invoiced as reverse charge', async () => {
    const business = await createUser(stripeApp.app);
    const started = await stripeApp.as(business).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
      mode: 'subscription',
      business: { country: 'FR', vatNumber: 'FR12345678901' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json<{ id: string }>();
    // €41.67 a month with France's 20 % inside: €34.73 net, taken each month.
    expect(fakeStripe.checkoutSessions.get(id)?.amount_total).toBe(3_473);
    const session = fakeStripe.completeCheckout(id, 'paid', { country: 'FR' });
    await deliver(fakeStripe.signedEvent('checkout.session.completed', session));
    const second = fakeStripe.payNextInvoice(String(session.subscription));
    await deliver(fakeStripe.signedEvent('invoice.paid', second));

    const billing = await billingOf(stripeApp, business);
    expect(billing.paymentPlans).toMatchObject([{ paidCount: 2, instalmentCents: 3_473 }]);
    expect(billing.invoices).toMatchObject([
      { grossCents: 3_473, isReverseCharge: true },
      { grossCents: 3_473, isReverseCharge: true },
    ]);
    const text = await pdfText(
      (await stripeApp.as(business).get(invoicePdfPath(billing.invoices[0]!.id))).rawPayload,
    );
    expect(text).toContain('Energy Sovereignty (payment 2 of 3)');
    expect(text).toContain('VAT number: FR12345678901');
    expect(text).toMatch(/VAT 0%\s+€0\.00/);
  });

  it('refuse a business VAT number of the wrong format or of another country with 400, and without a session with 401', async () => {
    const buyer = await createUser(stripeApp.app);
    const start = (business: object) =>
      stripeApp.as(buyer).post('/api/create-checkout-session', {
        lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
        business,
      });
    for (const business of [
      { country: 'FR', vatNumber: 'FR1' },
      { country: 'DE', vatNumber: 'FR12345678901' },
      { country: 'France', vatNumber: 'FR12345678901' },
    ]) {
      const refused = await start(business);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/^business\./);
    }
    const anonymous = await stripeApp.as(undefined).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
      business: { country: 'FR', vatNumber: 'FR12345678901' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('issue a credit note naming the invoice when the payment is refunded in full, once', async () => {
    const buyer = await createUser(stripeApp.app);
    const { paymentIntent } = await payWithStripe(buyer, { country: 'DE' });
    const charge = {
      id: `ch_${randomBytes(6).toString('hex')}`,
      object: 'charge',
      payment_intent: paymentIntent,
      amount: 12_500,
      amount_refunded: 12_500,
      refunded: true,
      currency: 'eur',
    };
    await deliver(fakeStripe.signedEvent('charge.refunded', charge));
    await deliver(fakeStripe.signedEvent('charge.refunded', charge));

    const { invoices } = await billingOf(stripeApp, buyer);
    expect(invoices.map((listed) => listed.kind)).toEqual(['credit_note', 'invoice']);
    const [creditNote, invoice] = invoices;
    expect(creditNote!.number).toMatch(/^CN-\d{4}-\d{4}$/);
    expect(creditNote!.grossCents).toBe(-12_500);
    const text = await pdfText(
      (await stripeApp.as(buyer).get(invoicePdfPath(creditNote!.id))).rawPayload,
    );
    expect(text).toContain(`Credit note ${creditNote!.number}`);
    expect(text).toContain(`Credit note for invoice ${invoice!.number}`);
    expect(text).toMatch(/Total credited\s+-€125\.00/);
    const mail = await waitForMailTo(
      stripeApp.db,
      buyer.email,
      `Your Sovereign Flame credit note ${creditNote!.number}`,
    );
    expect(mail.attachments).toHaveLength(1);
  });
});

describe('invoices with STRIPE_TAX=on', () => {
  let taxedApp: TestApp;
  beforeAll(async () => {
    taxedApp = await buildTestApp({ ...fakeStripe.environment, STRIPE_TAX: 'on' });
  });
  afterAll(() => taxedApp.close());

  it("let Stripe Tax take the VAT out of the same price, and print Stripe's VAT on the invoice", async () => {
    const buyer = await createUser(taxedApp.app);
    const started = await taxedApp.as(buyer).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
    });
    const { id } = started.json<{ id: string }>();
    const created = fakeStripe.requests.find(
      (request) =>
        request.path === '/v1/checkout/sessions' &&
        request.method === 'POST' &&
        fakeStripe.checkoutSessions.get(id)?.metadata === request.body.metadata,
    );
    expect(created?.body).toMatchObject({
      automatic_tax: { enabled: 'true' },
      billing_address_collection: 'required',
      tax_id_collection: { enabled: 'true' },
      line_items: [{ price_data: { tax_behavior: 'inclusive', unit_amount: '12500' } }],
    });
    const session = fakeStripe.completeCheckout(id, 'paid', { country: 'NL' });
    await taxedApp.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      ...(({ payload, headers }) => ({ payload, headers }))(
        fakeStripe.signedEvent('checkout.session.completed', session),
      ),
    });
    // The amount check holds: the access is open.
    const access = await taxedApp.as(buyer).get('/api/me/access');
    expect(
      access.json<{ courses: { courseId: string; accessType: string }[] }>().courses,
    ).toContainEqual(
      expect.objectContaining({ courseId: 'energy-sovereignty', accessType: 'paid' }),
    );
    const [invoice] = (await billingOf(taxedApp, buyer)).invoices;
    const text = await pdfText(
      (await taxedApp.as(buyer).get(invoicePdfPath(invoice!.id))).rawPayload,
    );
    // 125.00 with the Netherlands' 21 % inside, as Stripe Tax found it: 103.31 net, 21.69 VAT.
    expect(text).toMatch(/Total net\s+€103\.31/);
    expect(text).toMatch(/VAT 21%\s+€21\.69/);
  });

  it('price a reverse-charge order at net without Stripe Tax, so none is added on top', async () => {
    // The creator's table gives the rate a consumer price is netted at, with Stripe Tax too.
    await setSellerSettings(taxedApp, await createAdmin(taxedApp.app, taxedApp.db));
    const business = await createUser(taxedApp.app);
    const started = await taxedApp.as(business).post('/api/create-checkout-session', {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
      business: { country: 'FR', vatNumber: 'FR12345678901' },
    });
    const { id } = started.json<{ id: string }>();
    const created = fakeStripe.requests.find(
      (request) =>
        request.path === '/v1/checkout/sessions' &&
        request.method === 'POST' &&
        fakeStripe.checkoutSessions.get(id)?.metadata === request.body.metadata,
    );
    expect(created?.body).not.toHaveProperty('automatic_tax');
    expect(created?.body).toMatchObject({ line_items: [{ price_data: { unit_amount: '10417' } }] });
  });
});
