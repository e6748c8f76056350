import Stripe from 'stripe';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import {
  checkoutStatuses,
  paymentStatuses,
  type CheckoutStatus,
  type Order,
  type PaymentStatus,
  checkoutMessages,
} from '../../shared/rules/purchase.ts';
import { formatEuros } from '../../shared/rules/pricing.ts';
import { couponLine, linePrices, type OrderDiscount } from '../../shared/rules/coupons.ts';
import { formatEurosAndCents } from '../../shared/rules/invoices.ts';

export type CodeDiscount = OrderDiscount & { code: string };
import type { Config } from '../config.ts';
import { AppError } from '../http/errors.ts';

export type StripeEvent = Stripe.Event;
export type StripeSubscription = Stripe.Subscription;

/** The one currency the catalogue's prices are in. */
export const CURRENCY = 'eur';

/** A Checkout session as Stripe reports it now. */
export interface ProviderCheckout {
  status: CheckoutStatus;
  paymentStatus: PaymentStatus;
  paymentIntentId: string | null;
  amountTotalCents: number | null;
  currency: string | null;
  /** Who paid, as Checkout collected it (name, email, billing country, a business's VAT number). */
  customer: CheckoutCustomer | null;
  /** The VAT Stripe Tax found inside the amount; null when Stripe Tax was not used. */
  taxCents: number | null;
  /** The subscription a payment plan's Checkout started; null for a one-time payment. */
  subscriptionId?: string | null;
}

export interface CheckoutCustomer {
  name: string | null;
  email: string | null;
  country: string | null;
  vatNumber: string | null;
}

export interface CheckoutSessionInput {
  order: Order;
  /** A discount code's share of each line, taken off the line's price. */
  discount?: CodeDiscount | null;
  /** Reverse charge: the VAT taken off each line's price (after the code's share). */
  reverseCharge?: { lineVatCents: number[] };
  customerId: string;
  userId: string;
  successUrl: string;
  cancelUrl: string;
  /** When Stripe ends the session unpaid (at least 30 minutes away); Stripe's default is 24 hours. */
  expiresAt?: Date;
  /** A payment plan: the order's one product is its first monthly payment, of `count`. */
  plan?: { count: number };
}

/** The one place the app talks to Stripe, through the official SDK. */
export interface StripeGateway {
  createCustomer: (customer: { userId: string; email: string; name: string }) => Promise<string>;
  createCheckoutSession: (input: CheckoutSessionInput) => Promise<{ id: string; url: string }>;
  retrieveCheckoutSession: (checkoutId: string) => Promise<ProviderCheckout>;
  /** The Checkout session a payment was made in, when it was made in one. */
  findCheckoutSessionOfPayment: (paymentIntentId: string) => Promise<string | null>;
  createPortalSession: (customerId: string, returnUrl: string) => Promise<string>;
  /** A payment plan's last payment is made: its subscription ends with the month it paid for. */
  endSubscriptionAtPeriodEnd: (subscriptionId: string) => Promise<void>;
  /** A payment plan ended early (the bundle bought, or refunded): Stripe charges nothing more. */
  cancelSubscription: (subscriptionId: string) => Promise<void>;
  /** A subscription as Stripe holds it now: an invoice event names it without its state. */
  retrieveSubscription: (subscriptionId: string) => Promise<StripeSubscription>;
  /** Refunds a payment in full, once however often it is asked; answers the refund's id. */
  refundPayment: (paymentIntentId: string) => Promise<string>;
  /**
   * Refunds in full every payment a subscription's invoices took (a payment plan refunded),
   * each once however often it is asked; answers the refunds' ids.
   */
  refundSubscriptionPayments: (subscriptionId: string) => Promise<string[]>;
  /** Verifies the signature on the raw body; throws when it is wrong or too old. */
  constructEvent: (payload: Buffer, signature: string) => Promise<StripeEvent>;
}

interface Log {
  error: (details: object, message: string) => void;
}

/** Null without STRIPE_SECRET_KEY: the app is then in payment test mode. */
export function createStripeGateway(config: Config['stripe'], log: Log): StripeGateway | null {
  if (!config.secretKey) return null;
  const stripe = new Stripe(config.secretKey, {
    ...apiAddress(config.apiBase),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: PRODUCT_NAME },
  });
  const webhookSecret = config.webhookSecret ?? '';
  const call = inOurWords(log);

  return {
    createCustomer: call('create a customer', async ({ userId, email, name }) => {
      // One customer per user even when two checkouts start at once.
      const customer = await stripe.customers.create(
        { email, name, metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    }),

    createCheckoutSession: call('create a Checkout session', async (input) => {
      const { order, discount, reverseCharge, customerId, userId, successUrl, cancelUrl } = input;
      const { expiresAt, plan } = input;
      // Reverse charge: the server priced the order without VAT; Stripe Tax adds none.
      const hasTax = config.tax && !reverseCharge;
      const productIds = order.products.map((product) => product.id).join(',');
      const prices = linePrices(order);
      const session = await stripe.checkout.sessions.create({
        mode: plan ? 'subscription' : 'payment',
        customer: customerId,
        client_reference_id: userId,
        line_items: order.products.map((product, index) => ({
          quantity: 1,
          price_data: {
            currency: CURRENCY,
            // Prices include VAT: Stripe Tax takes it out, so the amount stays the catalogue's.
            ...(hasTax ? { tax_behavior: 'inclusive' as const } : {}),
            // A bundle is the order's only product: its line carries the credit. A code's share
            // comes off its line, so the total is the price the server set.
            unit_amount:
              prices[index]! -
              (discount?.lineDiscountCents[index] ?? 0) -
              (reverseCharge?.lineVatCents[index] ?? 0),
            // A plan's payment is taken each month until its subscription ends (payment-plans.ts).
            ...(plan ? { recurring: { interval: 'month' as const } } : {}),
            product_data: {
              name: product.name,
              description: lineDescription(
                product,
                order,
                discount?.lineDiscountCents[index] ?? 0,
                discount?.code,
              ),
              metadata: { productId: product.id },
            },
          },
        })),
        // The amount paid must be the catalogue's: fulfilment compares them.
        allow_promotion_codes: false,
        // The billing country and a business's VAT number decide the VAT (docs/decisions/036).
        billing_address_collection: 'required',
        // A business that gave its VAT number on our side is not asked again.
        tax_id_collection: { enabled: !reverseCharge },
        customer_update: { address: 'auto', name: 'auto' },
        ...(hasTax ? { automatic_tax: { enabled: true } } : {}),
        success_url: successUrl,
        cancel_url: cancelUrl,
        ...(expiresAt ? { expires_at: Math.floor(expiresAt.getTime() / 1000) } : {}),
        metadata: { userId, productIds, isBundle: String(order.isBundle) },
        ...(plan
          ? {
              subscription_data: {
                metadata: { userId, productIds, paymentPlanCount: String(plan.count) },
              },
            }
          : { payment_intent_data: { metadata: { userId, productIds } } }),
      });
      if (!session.url) throw new Error(`Stripe gave Checkout session ${session.id} no URL`);
      return { id: session.id, url: session.url };
    }),

    retrieveCheckoutSession: call('read a Checkout session', async (checkoutId) => {
      const session = await stripe.checkout.sessions.retrieve(checkoutId);
      return {
        status: oneOf(checkoutStatuses, session.status, 'open'),
        paymentStatus: oneOf(paymentStatuses, session.payment_status, 'unpaid'),
        paymentIntentId: idOf(session.payment_intent),
        amountTotalCents: session.amount_total,
        currency: session.currency,
        customer: customerOf(session.customer_details),
        taxCents: session.automatic_tax.enabled ? (session.total_details?.amount_tax ?? 0) : null,
        subscriptionId: idOf(session.subscription),
      };
    }),

    findCheckoutSessionOfPayment: call('find the Checkout session of a payment', async (id) => {
      const found = await stripe.checkout.sessions.list({ payment_intent: id, limit: 1 });
      return found.data[0]?.id ?? null;
    }),

    createPortalSession: call('open the billing portal', async (customerId, returnUrl) => {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    }),

    endSubscriptionAtPeriodEnd: call('end a payment plan', async (subscriptionId) => {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    }),
    cancelSubscription: call('cancel a payment plan', async (subscriptionId) => {
      await stripe.subscriptions.cancel(subscriptionId, { prorate: false });
    }),
    retrieveSubscription: call('read a subscription', (subscriptionId) =>
      stripe.subscriptions.retrieve(subscriptionId),
    ),

    refundPayment: call('refund a payment', async (paymentIntentId) => {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, metadata: { reason: 'session cancelled' } },
        { idempotencyKey: `refund-${paymentIntentId}` },
      );
      return refund.id;
    }),

    refundSubscriptionPayments: call('refund a payment plan', async (subscriptionId) => {
      const paidInvoices = await stripe.invoices
        .list({ subscription: subscriptionId, status: 'paid', limit: 100 })
        .autoPagingToArray({ limit: 1_000 });
      const refundIds: string[] = [];
      for (const invoice of paidInvoices) {
        const payments = await stripe.invoicePayments
          .list({ invoice: invoice.id!, status: 'paid', limit: 100 })
          .autoPagingToArray({ limit: 1_000 });
        for (const { payment } of payments) {
          const paymentIntentId = idOf(payment.payment_intent);
          if (!paymentIntentId) continue;
          const refund = await stripe.refunds.create(
            { payment_intent: paymentIntentId, metadata: { reason: 'payment plan refunded' } },
            { idempotencyKey: `refund-${paymentIntentId}` },
          );
          refundIds.push(refund.id);
        }
      }
      return refundIds;
    }),

    constructEvent: (payload, signature) =>
      stripe.webhooks.constructEventAsync(payload, signature, webhookSecret),
  };
}

function customerOf(
  details: Stripe.Checkout.Session.CustomerDetails | null,
): CheckoutCustomer | null {
  if (!details) return null;
  const vatId = details.tax_ids?.find((taxId) => taxId.type === 'eu_vat');
  return {
    name: details.name,
    email: details.email,
    country: details.address?.country ?? null,
    vatNumber: vatId?.value ?? null,
  };
}

/** Stripe's page shows the credit and a code in words: a line cannot be negative there. */
function lineDescription(
  product: Order['products'][number],
  order: Order,
  discountCents: number,
  code: string | undefined,
): string {
  const credit =
    product.isBundle && order.creditCents > 0
      ? ` ${formatEuros(product.priceCents)} less ${formatEuros(order.creditCents)} already paid.`
      : '';
  const discount =
    discountCents > 0 && code
      ? ` ${couponLine(code)}: -${formatEurosAndCents(discountCents)}.`
      : '';
  return `${product.description}${credit}${discount}`;
}

/**
 * Stripe's own error texts name keys, customers and parameters, and its statuses would read as the
 * caller's (a 401 signs the web app out): the log keeps the original, the caller gets our words.
 */
function inOurWords(log: Log) {
  return <Input extends unknown[], Output>(
      what: string,
      operation: (...input: Input) => Promise<Output>,
    ) =>
    async (...input: Input): Promise<Output> => {
      try {
        return await operation(...input);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        log.error({ err: error, stripeStatus: error.statusCode }, `Stripe could not ${what}`);
        throw new AppError('unavailable', checkoutMessages.serviceUnavailable);
      }
    };
}

/** The id of an expandable Stripe field, whether it came expanded or not. */
export function idOf(field: string | { id: string } | null | undefined): string | null {
  if (!field) return null;
  return typeof field === 'string' ? field : field.id;
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}

/** STRIPE_API_BASE points the SDK at a Stripe-compatible server (the tests' local fake). */
function apiAddress(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}
