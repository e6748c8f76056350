import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { Product } from '../../shared/api/catalogue.ts';
import type { Order } from '../../shared/rules/purchase.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { AppError } from '../http/errors.ts';
import { getStripeCustomerId } from '../users/users.ts';
import type { CheckoutRecord } from './checkout-records.ts';
import { createCustomer, orderItems, startTestCheckout } from './create-checkout.ts';
import { planSubscriptionOf, refundPlanAtStripe } from './payment-plans.ts';
import type { PaymentsContext } from './payments-context.ts';
import { endPurchase, revokePurchase } from './revoke-purchase.ts';

export interface ProductCheckoutInput {
  product: Product;
  /** This site's path after paying; `{CHECKOUT_SESSION_ID}` is replaced by the checkout's id. */
  successPath: string;
  cancelPath: string;
  /** The checkout ends unpaid at this time (what it holds is held until then). */
  expiresAt: Date;
}

export interface StartedCheckout {
  id: string;
  url: string;
  isTestPayment: boolean;
}

/**
 * A checkout for one product another feature sells (a one-to-one session): priced from the
 * catalogue, paid and fulfilled like a course, and reported to the seller through the payments
 * hooks (onCheckoutPaid, onCheckoutEnded, onPurchaseRefunded).
 */
export async function createProductCheckout(
  context: PaymentsContext,
  user: SessionUser,
  input: ProductCheckoutInput,
): Promise<StartedCheckout> {
  const { app, stripe } = context;
  const order: Order = {
    products: [input.product],
    courseIds: [],
    isBundle: false,
    totalCents: input.product.priceCents,
    credits: [],
    creditCents: 0,
  };
  const session = stripe
    ? await stripe.createCheckoutSession({
        order,
        customerId:
          (await getStripeCustomerId(app.db, user.id)) ?? (await createCustomer(context, user)),
        userId: user.id,
        successUrl: `${app.config.appUrl}${input.successPath}`,
        cancelUrl: `${app.config.appUrl}${input.cancelPath}`,
        expiresAt: input.expiresAt,
      })
    : startTestCheckout(app.config.appUrl);
  await app.db.insert(checkoutSessions).values({
    id: session.id,
    userId: user.id,
    mode: stripe ? 'stripe' : 'test',
    items: orderItems(order),
    courseIds: [],
    isBundle: false,
    amountCents: order.totalCents,
    customerName: `${user.firstName} ${user.lastName}`.trim(),
    receiptEmail: user.email,
    returnPath: input.successPath,
  });
  return { ...session, isTestPayment: !stripe };
}

/** Where the buyer lands after paying. */
export function successPathOf(record: CheckoutRecord): string {
  return record.returnPath ?? '/dashboard?session_id={CHECKOUT_SESSION_ID}';
}

/** A checkout of another feature's product rather than of courses. */
export function isProductCheckout(record: CheckoutRecord): boolean {
  return record.returnPath !== null;
}

/**
 * Refunds a paid checkout in full (the creator cancelled what it bought, or granted a refund
 * request): through Stripe, whose `charge.refunded` event then finds the purchase already ended;
 * in test mode, on our records only. A payment plan's every payment is refunded and no more are
 * taken. Either way the access it bought ends (endPurchase).
 * Answers whether money went back. Safe to repeat.
 */
export async function refundCheckout(
  context: PaymentsContext,
  checkoutId: string,
): Promise<boolean> {
  const [record] = await context.app.db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, checkoutId));
  if (!record?.fulfilledAt || record.refundedAt) return false;
  if (record.mode === 'test') {
    await endPurchase(context, {
      checkoutId,
      paymentIntentId: null,
      reference: `test-refund-${checkoutId}`,
      isRefund: true,
    });
    return true;
  }
  const subscriptionId = await planSubscriptionOf(context.app.db, checkoutId);
  if (context.stripe && subscriptionId) {
    const refundIds = await refundPlanAtStripe(context.stripe, subscriptionId);
    await endPurchase(context, {
      checkoutId,
      paymentIntentId: null,
      reference: refundIds[0] ?? `plan-refund-${subscriptionId}`,
      isRefund: true,
    });
    return true;
  }
  if (!context.stripe || !record.paymentIntentId) {
    throw new AppError(
      'unavailable',
      'This payment cannot be refunded from here: refund it in Stripe.',
    );
  }
  const refundId = await context.stripe.refundPayment(record.paymentIntentId);
  await revokePurchase(context, {
    paymentIntentId: record.paymentIntentId,
    reference: refundId,
    isRefund: true,
  });
  return true;
}
