/**
 * A local server that speaks as much of Stripe's REST API as the app's SDK calls use (customers,
 * Checkout sessions, billing portal sessions, subscriptions, their invoices and the payments of
 * those, refunds), so the official `stripe` SDK runs
 * against it unchanged (STRIPE_API_BASE). Tests play Stripe's other side with it: a buyer paying,
 * a delayed payment settling, a session expiring, a plan's next payment, a renewal's card
 * declined and paid later, and signed webhook events.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_stripe_server';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_stripe_server';

type StripeObject = Record<string, unknown> & { id: string };

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export interface FakeStripe {
  /** The app's environment for Stripe mode against this server. */
  environment: Record<'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE', string>;
  requests: RecordedRequest[];
  customers: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  /** Subscriptions made by a Checkout in subscription mode (a payment plan's) or by a test. */
  subscriptions: Map<string, StripeObject>;
  /** The invoices of subscriptions: a plan's first, made at its Checkout, and each later one. */
  invoices: Map<string, StripeObject>;
  /** Refunds the app asked for, in order. */
  refunds: StripeObject[];
  /**
   * The buyer finishes Stripe's checkout page; a bank debit leaves the payment unpaid for now.
   * The page collects the billing country (Ireland unless given) and, from a business, a VAT number.
   */
  completeCheckout: (
    sessionId: string,
    paymentStatus?: 'paid' | 'unpaid',
    buyer?: { country?: string; vatNumber?: string },
  ) => StripeObject;
  settleAsyncPayment: (sessionId: string) => StripeObject;
  /**
   * Stripe takes a subscription's next monthly payment: its invoice, paid (the object of an
   * `invoice.paid` event). The buyer's details are those their Checkout collected.
   */
  payNextInvoice: (subscriptionId: string) => StripeObject;
  expireCheckout: (sessionId: string) => StripeObject;
  /** A monthly subscription of the customer to a product, paid and active. */
  createSubscription: (customerId: string, productId?: string) => StripeObject;
  /**
   * A renewal's invoice and what its payment attempt did to the subscription: a declined card
   * leaves it past_due (Stripe retries), a paid one active; after the last retry Stripe marks it
   * unpaid or cancels it, as its Dashboard settings say.
   */
  settleRenewal: (
    subscriptionId: string,
    outcome: 'declined' | 'paid' | 'unpaid' | 'canceled',
  ) => { invoice: StripeObject; subscription: StripeObject };
  /** An event as Stripe would POST it, signed with the webhook secret. */
  signedEvent: (
    type: string,
    object: object,
    options?: { id?: string; created?: number; signedAt?: number },
  ) => { payload: string; headers: Record<string, string> };
  close: () => Promise<void>;
}

export async function startFakeStripeServer(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const checkoutSessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const portalSessions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  /** Each paid invoice's payment intent, as Stripe's invoice payments name it. */
  const invoicePaymentIntents = new Map<string, string>();
  const refunds: StripeObject[] = [];
  const idempotentAnswers = new Map<string, { status: number; body: unknown }>();
  let baseUrl = '';

  const routes: {
    method: string;
    pattern: RegExp;
    handle: (match: RegExpMatchArray, body: Record<string, unknown>) => [number, unknown];
  }[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle: (_match, body) => {
        const customer = { id: newId('cus'), object: 'customer', created: now(), ...body };
        customers.set(customer.id, customer);
        return [200, customer];
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: ([, id]) => found(customers.get(id!), 'customer', id!),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: (_match, body) => {
        if (body.customer && !customers.has(String(body.customer))) {
          return missing('customer', String(body.customer), 'customer');
        }
        const refused = refusedCheckout(body);
        if (refused) return refused;
        const session = checkoutSession(body, baseUrl);
        checkoutSessions.set(session.id, session);
        return [200, session];
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: (_match, query) => {
        const data = [...checkoutSessions.values()].filter(
          (session) => !query.payment_intent || session.payment_intent === query.payment_intent,
        );
        return [200, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data }];
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      handle: ([, id]) => found(checkoutSessions.get(id!), 'checkout session', id!),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: ([, id]) => found(subscriptions.get(id!), 'subscription', id!),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: ([, id], body) => {
        const subscription = subscriptions.get(id!);
        if (!subscription) return missing('subscription', id!, 'id');
        if (body.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        }
        return [200, subscription];
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: ([, id]) => {
        const subscription = subscriptions.get(id!);
        if (!subscription) return missing('subscription', id!, 'id');
        subscription.status = 'canceled';
        subscription.canceled_at = Math.floor(Date.now() / 1000);
        return [200, subscription];
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      handle: (_match, body) => {
        const paid =
          [...checkoutSessions.values()].find(
            (session) => session.payment_intent && session.payment_intent === body.payment_intent,
          ) ??
          [...invoices.values()].find(
            (invoice) => invoicePaymentIntents.get(invoice.id) === body.payment_intent,
          );
        if (!paid) return missing('payment_intent', String(body.payment_intent), 'payment_intent');
        const refund = {
          id: newId('re'),
          object: 'refund',
          payment_intent: body.payment_intent,
          amount: paid.amount_total ?? paid.amount_paid,
          currency: paid.currency,
          status: 'succeeded',
          metadata: body.metadata ?? {},
          created: now(),
        };
        refunds.push(refund);
        return [200, refund];
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices$/,
      handle: (_match, query) => {
        const data = [...invoices.values()].filter(
          (invoice) =>
            (!query.subscription || subscriptionOf(invoice) === query.subscription) &&
            (!query.status || invoice.status === query.status),
        );
        return [200, { object: 'list', url: '/v1/invoices', has_more: false, data }];
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoice_payments$/,
      handle: (_match, query) => {
        const invoice = invoices.get(String(query.invoice));
        if (!invoice) return missing('invoice', String(query.invoice), 'invoice');
        const paymentIntent = invoicePaymentIntents.get(invoice.id);
        const data = paymentIntent ? [invoicePayment(invoice, paymentIntent)] : [];
        return [200, { object: 'list', url: '/v1/invoice_payments', has_more: false, data }];
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      handle: (_match, body) => {
        if (!customers.has(String(body.customer))) {
          return missing('customer', String(body.customer), 'customer');
        }
        const id = newId('bps');
        const session = {
          id,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `${baseUrl}/p/session/${id}`,
          created: now(),
        };
        portalSessions.set(id, session);
        return [200, session];
      },
    },
  ];

  const server = createServer((request, response) => {
    readBody(request).then(
      (raw) => {
        const [path = '/', query = ''] = (request.url ?? '/').split('?');
        // A GET carries its parameters in the query, a POST in the form body.
        const body = parseStripeForm(request.method === 'GET' ? query : raw);
        requests.push({ method: request.method ?? 'GET', path, body });
        // Stripe's hosted portal page, which a browser opens without the secret key.
        const portalId = request.method === 'GET' && path.match(/^\/p\/session\/([^/]+)$/)?.[1];
        if (portalId) return sendPortalPage(response, portalSessions.get(portalId));
        if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
          return send(response, 401, stripeError('Invalid API Key provided.'));
        }
        const idempotencyKey = request.headers['idempotency-key'];
        const remembered =
          typeof idempotencyKey === 'string' && idempotentAnswers.get(idempotencyKey);
        if (remembered) return send(response, remembered.status, remembered.body);

        for (const route of routes) {
          const match = route.method === request.method ? path.match(route.pattern) : null;
          if (!match) continue;
          const [status, answer] = route.handle(match, body);
          if (typeof idempotencyKey === 'string' && request.method === 'POST') {
            idempotentAnswers.set(idempotencyKey, { status, body: answer });
          }
          return send(response, status, answer);
        }
        send(response, 404, stripeError(`Unrecognized request URL (${request.method}: ${path}).`));
      },
      () => send(response, 400, stripeError('Unreadable request body.')),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signer = new Stripe(FAKE_STRIPE_SECRET_KEY);
  const update = (sessionId: string, changes: Record<string, unknown>) => {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw new Error(`the fake Stripe has no Checkout session ${sessionId}`);
    Object.assign(session, changes);
    return session;
  };

  const startSubscription = (session: StripeObject): StripeObject => {
    const subscription: StripeObject = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: (session.subscription_data as { metadata?: object } | undefined)?.metadata ?? {},
      amount: session.amount_total,
      currency: session.currency,
      checkout_session: session.id,
      created: now(),
    };
    subscriptions.set(subscription.id, subscription);
    return subscription;
  };

  /** A subscription's invoice, kept; a paid one has its payment. */
  const keepInvoice = (subscription: StripeObject, fields: Record<string, unknown>) => {
    const session = checkoutSessions.get(String(subscription.checkout_session));
    const details = session?.customer_details as
      { name?: string; email?: string; address?: object; tax_ids?: object[] } | undefined;
    const invoice: StripeObject = {
      id: newId('in'),
      object: 'invoice',
      status: 'paid',
      billing_reason: 'subscription_cycle',
      customer: subscription.customer,
      customer_name: details?.name ?? null,
      customer_email: details?.email ?? null,
      customer_address: details?.address ?? null,
      customer_tax_ids: details?.tax_ids ?? [],
      amount_paid: subscription.amount,
      total: subscription.amount,
      currency: subscription.currency ?? 'eur',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          metadata: subscription.metadata ?? {},
          subscription: subscription.id,
        },
      },
      created: now(),
      ...fields,
    };
    invoices.set(invoice.id, invoice);
    if (invoice.status === 'paid') invoicePaymentIntents.set(invoice.id, newId('pi'));
    return invoice;
  };

  const payNextInvoice = (subscriptionId: string): StripeObject => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`the fake Stripe has no subscription ${subscriptionId}`);
    // Paid, a subscription whose renewal had failed is active again, as Stripe makes it.
    subscription.status = 'active';
    return keepInvoice(subscription, {});
  };

  return {
    environment: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: baseUrl,
    },
    requests,
    customers,
    checkoutSessions,
    subscriptions,
    invoices,
    refunds,
    payNextInvoice,
    completeCheckout: (sessionId, paymentStatus = 'paid', buyer = {}) => {
      const session = checkoutSessions.get(sessionId);
      const customer = customers.get(String(session?.customer));
      const country = buyer.country ?? 'IE';
      const isTaxed = (session?.automatic_tax as { enabled?: boolean } | undefined)?.enabled;
      // Stripe Tax on inclusive prices: the VAT inside the total, none for a business (reverse charge).
      const rate = buyer.vatNumber ? 0 : (fakeTaxRates[country] ?? 0);
      const total = Number(session?.amount_total ?? 0);
      const tax = total - Math.round((total * 10_000) / (10_000 + rate));
      const isSubscription = session?.mode === 'subscription' && paymentStatus === 'paid';
      const subscription = isSubscription ? startSubscription(session) : null;
      const completed = update(sessionId, {
        ...(subscription ? { subscription: subscription.id } : { payment_intent: newId('pi') }),
        ...(isTaxed
          ? {
              automatic_tax: { enabled: true, status: 'complete' },
              total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: tax },
            }
          : {}),
        status: 'complete',
        payment_status: paymentStatus,
        customer_details: {
          name: customer?.name ?? null,
          email: customer?.email ?? null,
          address: { country },
          tax_exempt: 'none',
          tax_ids: buyer.vatNumber ? [{ type: 'eu_vat', value: buyer.vatNumber }] : [],
        },
      });
      // A plan's first payment is its subscription's first invoice.
      if (subscription) {
        completed.invoice = keepInvoice(subscription, { billing_reason: 'subscription_create' }).id;
      }
      return completed;
    },
    settleAsyncPayment: (sessionId) => update(sessionId, { payment_status: 'paid' }),
    expireCheckout: (sessionId) => update(sessionId, { status: 'expired' }),
    createSubscription: (customerId, productId = 'prod_complete_bundle') => {
      const created = now();
      const id = newId('sub');
      const subscription = {
        id,
        object: 'subscription',
        customer: customerId,
        created,
        status: 'active',
        cancel_at_period_end: false,
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              price: { id: 'price_monthly', object: 'price', product: productId },
              quantity: 1,
              current_period_end: created + 30 * 86_400,
            },
          ],
        },
      };
      subscriptions.set(id, subscription);
      return subscription;
    },
    settleRenewal: (subscriptionId, outcome) => {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`the fake Stripe has no subscription ${subscriptionId}`);
      subscription.status = renewalStatus[outcome];
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        customer: subscription.customer,
        billing_reason: 'subscription_cycle',
        status: outcome === 'paid' ? 'paid' : 'open',
        attempted: true,
        amount_due: 2900,
        currency: 'eur',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: {}, subscription: subscriptionId },
        },
        created: now(),
      };
      return { invoice, subscription: structuredClone(subscription) };
    },
    signedEvent: (type, object, options = {}) => {
      const payload = JSON.stringify({
        id: options.id ?? newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: options.created ?? now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: FAKE_STRIPE_WEBHOOK_SECRET,
        ...(options.signedAt ? { timestamp: options.signedAt } : {}),
      });
      return {
        payload,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
        },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const renewalStatus = {
  declined: 'past_due',
  paid: 'active',
  unpaid: 'unpaid',
  canceled: 'canceled',
} as const;

/** The rates the fake's Stripe Tax charges, in basis points, by billing country. */
export const fakeTaxRates: Record<string, number> = { DE: 1900, FR: 2000, IE: 2300, NL: 2100 };

function subscriptionOf(invoice: StripeObject): unknown {
  const parent = invoice.parent as { subscription_details?: { subscription?: string } } | null;
  return parent?.subscription_details?.subscription;
}

/** An invoice's one payment, by card through a payment intent. */
function invoicePayment(invoice: StripeObject, paymentIntent: string): StripeObject {
  return {
    id: `inpay_${invoice.id}`,
    object: 'invoice_payment',
    amount_paid: invoice.amount_paid,
    amount_requested: invoice.amount_paid,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: invoice.created },
    created: invoice.created,
  };
}

function isTaxed(body: Record<string, unknown>): boolean {
  return (body.automatic_tax as { enabled?: string } | undefined)?.enabled === 'true';
}

/** Stripe's own refusals of a Checkout session the app could send: a negative price, a bad expiry. */
function refusedCheckout(body: Record<string, unknown>): [number, unknown] | null {
  const lineItems = (body.line_items ?? []) as { price_data?: { unit_amount?: string } }[];
  const negative = lineItems.findIndex((item) => Number(item.price_data?.unit_amount) < 0);
  if (negative >= 0) {
    const param = `line_items[${negative}][price_data][unit_amount]`;
    return [400, stripeError('This value must be greater than or equal to 0.', undefined, param)];
  }
  const expiresIn = body.expires_at ? Number(body.expires_at) - now() : null;
  if (expiresIn !== null && (expiresIn < 30 * 60 - 5 || expiresIn > 24 * 3600)) {
    const message = 'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.';
    return [400, stripeError(message, undefined, 'expires_at')];
  }
  return null;
}

function checkoutSession(body: Record<string, unknown>, baseUrl: string): StripeObject {
  const lineItems = (body.line_items ?? []) as {
    quantity?: string;
    price_data?: { unit_amount?: string; currency?: string };
  }[];
  const amountTotal = lineItems.reduce(
    (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
    0,
  );
  const id = newId('cs_test');
  return {
    id,
    object: 'checkout.session',
    mode: body.mode ?? 'payment',
    subscription_data: body.subscription_data ?? null,
    subscription: null,
    status: 'open',
    payment_status: 'unpaid',
    payment_intent: null,
    customer: body.customer ?? null,
    customer_details: null,
    automatic_tax: {
      enabled: isTaxed(body),
      status: isTaxed(body) ? 'requires_location_inputs' : null,
    },
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    client_reference_id: body.client_reference_id ?? null,
    metadata: body.metadata ?? {},
    amount_total: amountTotal,
    currency: lineItems[0]?.price_data?.currency ?? 'eur',
    allow_promotion_codes: body.allow_promotion_codes === 'true',
    success_url: body.success_url,
    cancel_url: body.cancel_url,
    url: `${baseUrl}/c/pay/${id}`,
    created: now(),
    expires_at: body.expires_at ? Number(body.expires_at) : now() + 24 * 3600,
    livemode: false,
  };
}

/** Stripe's form encoding: `line_items[0][price_data][currency]=eur` becomes nested objects and arrays. */
function parseStripeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, index) => {
      const isLast = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (isLast) {
        container[segment] = value;
        return;
      }
      container[segment] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = container[segment] as Record<string, unknown>;
    });
  }
  return root;
}

function found(object: StripeObject | undefined, kind: string, id: string): [number, unknown] {
  return object ? [200, object] : missing(kind, id, 'id');
}

function missing(kind: string, id: string, param: string): [number, unknown] {
  return [404, stripeError(`No such ${kind}: '${id}'`, 'resource_missing', param)];
}

function stripeError(message: string, code?: string, param?: string) {
  return { error: { type: 'invalid_request_error', message, code, param } };
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(JSON.stringify(body));
}

/** The hosted billing portal, reduced to its heading and the way back to the site. */
function sendPortalPage(response: ServerResponse, session: StripeObject | undefined) {
  if (!session) return send(response, 404, stripeError('No such billing portal session'));
  const returnUrl = String(session.return_url).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="en"><head><title>Billing portal</title></head><body><main>` +
      `<h1>Billing portal</h1><p>The local fake of Stripe's portal: the card is updated here.</p>` +
      `<a href="${returnUrl}">Return</a></main></body></html>`,
  );
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}
