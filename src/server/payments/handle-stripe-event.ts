import { eq } from 'drizzle-orm';
import { stripeEvents } from '../db/schema/payments.ts';
import { getCheckoutRecord } from './checkout-records.ts';
import { fulfilCheckout } from './fulfil-checkout.ts';
import { applyInvoiceEvent, applySubscriptionEvent } from './payment-grace.ts';
import type { PaymentsContext } from './payments-context.ts';
import { handlePlanInvoicePaid } from './payment-plans.ts';
import { restoreDisputedPurchase, revokePurchase } from './revoke-purchase.ts';
import { idOf, type StripeEvent } from './stripe-client.ts';

/**
 * Handles a verified Stripe event once. Every handler is safe to repeat, so the event id is
 * recorded after handling: a crash in between means Stripe's retry is handled, not lost.
 */
export async function handleStripeEvent(
  context: PaymentsContext,
  event: StripeEvent,
): Promise<void> {
  const { db } = context.app;
  const [seen] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return;
  await dispatch(context, event);
  await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
}

async function dispatch(context: PaymentsContext, event: StripeEvent): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      return syncCheckout(context, event.data.object.id, false);
    case 'checkout.session.async_payment_failed':
      return syncCheckout(context, event.data.object.id, true);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.pending_update_applied':
    case 'customer.subscription.pending_update_expired':
    case 'customer.subscription.trial_will_end':
      return applySubscriptionEvent(context, event.data.object, new Date(event.created * 1000));
    // A renewal that failed, or was paid after all: the grace of docs/decisions/038.
    case 'invoice.payment_failed':
      return applyInvoiceEvent(context, event);
    case 'invoice.paid':
      await handlePlanInvoicePaid(context, event.data.object);
      return applyInvoiceEvent(context, event);
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      // A partial refund keeps the access; only a full one ends it.
      if (!charge.refunded || !paymentIntentId) return;
      return revokePurchase(context, { paymentIntentId, reference: charge.id, isRefund: true });
    }
    // The disputed amount leaves the account when the dispute opens: so does the access, until
    // the dispute is won.
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const paymentIntentId = idOf(dispute.payment_intent);
      if (!paymentIntentId) return;
      const payment = { paymentIntentId, reference: dispute.id };
      return ['won', 'warning_closed'].includes(dispute.status)
        ? restoreDisputedPurchase(context, payment)
        : revokePurchase(context, payment);
    }
    default:
      context.app.log.debug({ type: event.type }, 'Stripe event not handled');
  }
}

/** Sessions this app did not start (a payment link, another app on the account) are left alone. */
async function syncCheckout(
  context: PaymentsContext,
  checkoutId: string,
  hasPaymentFailed: boolean,
) {
  if (!(await getCheckoutRecord(context, checkoutId))) {
    context.app.log.info({ checkoutId }, 'Checkout session not started by this app');
    return;
  }
  await fulfilCheckout(context, checkoutId, { hasPaymentFailed });
}
