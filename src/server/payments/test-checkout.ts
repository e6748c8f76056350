import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api/auth.ts';
import type {
  PayTestCheckoutBody,
  RedirectResponse,
  TestCheckout,
} from '../../shared/api/payments.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { AppError } from '../http/errors.ts';
import {
  creditOf,
  discountOf,
  getOwnCheckoutRecord,
  outcomeOf,
  type CheckoutRecord,
} from './checkout-records.ts';
import { fulfilCheckout, reportCheckoutEnded } from './fulfil-checkout.ts';
import { isProductCheckout, successPathOf } from './product-checkout.ts';
import type { PaymentsContext } from './payments-context.ts';
import { chargePlanAt, chooseTestCard, getPlanOfCheckout } from './payment-plans.ts';
import { linePricesOfItems, removedVatOfLines, reverseChargeRateFor } from './reverse-charge.ts';

/** Payment test mode's stand-in for Stripe's hosted page (docs/decisions/005-payment-test-mode.md). */
export async function getTestCheckout(
  context: PaymentsContext,
  user: SessionUser,
  checkoutId: string,
): Promise<TestCheckout> {
  const record = await getOwnTestCheckout(context, user, checkoutId);
  return {
    id: record.id,
    status: record.status,
    outcome: outcomeOf(record),
    isBundle: record.isBundle,
    items: record.items,
    credit: creditOf(context, record),
    discount: discountOf(record),
    reverseCharge:
      record.reverseChargeRate !== null && record.buyerVatNumber
        ? { vatNumber: record.buyerVatNumber, cents: record.vatRemovedCents }
        : null,
    totalCents: record.amountCents,
    plan: await getPlanOfCheckout(context.app.db, record.id),
  };
}

/** "Pay now": the session completes as paid, then the one fulfilment runs, as after Stripe. */
export async function payTestCheckout(
  context: PaymentsContext,
  user: SessionUser,
  checkoutId: string,
  body: PayTestCheckoutBody,
): Promise<RedirectResponse> {
  const record = await getOwnTestCheckout(context, user, checkoutId);
  if (record.status === 'expired') throw new AppError('conflict', 'This checkout was canceled.');
  const pricing =
    record.buyerVatNumber === null ? await businessPricing(context, record, body) : {};
  // A plan's later payments are taken at the first one's amount, as Stripe's recurring price.
  if (pricing.amountCents !== undefined) {
    await chargePlanAt(context.app.db, checkoutId, pricing.amountCents);
  }
  await context.app.db
    .update(checkoutSessions)
    .set({
      status: 'complete',
      paymentStatus: 'paid',
      ...(record.buyerVatNumber === null && {
        billingCountry: body?.billingCountry ?? null,
        ...pricing,
      }),
      updatedAt: new Date(),
    })
    .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.status, 'open')));
  await fulfilCheckout(context, checkoutId);
  if (body?.testCard) await chooseTestCard(context.app.db, checkoutId, body.testCard !== 'pays');
  return {
    redirectUrl: successPathOf(record).replace(
      '{CHECKOUT_SESSION_ID}',
      encodeURIComponent(checkoutId),
    ),
  };
}

/**
 * A business's VAT number given on the test page, as a buyer gives it on Stripe's: in another
 * member state, the order is priced again without VAT (reverse charge), as checkout would have.
 */
async function businessPricing(
  context: PaymentsContext,
  record: CheckoutRecord,
  body: PayTestCheckoutBody,
): Promise<Partial<CheckoutRecord>> {
  if (!body?.vatNumber || !body.billingCountry) return {};
  const business = { country: body.billingCountry, vatNumber: body.vatNumber };
  const rate = reverseChargeRateFor(context.app.settings.current(), business);
  if (rate === null || record.amountCents === 0) return { buyerVatNumber: business.vatNumber };
  const removed = removedVatOfLines(linePricesOfItems(record.items, record.creditCents), rate);
  const vatRemovedCents = removed.reduce((sum, cents) => sum + cents, 0);
  return {
    buyerVatNumber: business.vatNumber,
    reverseChargeRate: rate,
    vatRemovedCents,
    amountCents: record.amountCents - vatRemovedCents,
  };
}

export async function cancelTestCheckout(
  context: PaymentsContext,
  user: SessionUser,
  checkoutId: string,
): Promise<RedirectResponse> {
  const record = await getOwnTestCheckout(context, user, checkoutId);
  if (record.status === 'complete')
    throw new AppError('conflict', 'This checkout is already paid.');
  const ended = await context.app.db
    .update(checkoutSessions)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.status, 'open')))
    .returning({ id: checkoutSessions.id });
  if (ended.length > 0) await reportCheckoutEnded(context, checkoutId);
  return {
    redirectUrl: isProductCheckout(record) ? '/book-session?canceled=true' : '/shop?canceled=true',
  };
}

async function getOwnTestCheckout(
  context: PaymentsContext,
  user: SessionUser,
  checkoutId: string,
): Promise<CheckoutRecord> {
  const record = await getOwnCheckoutRecord(context, user, checkoutId);
  if (record.mode !== 'test' || context.stripe) {
    throw new AppError('not_found', 'Checkout session not found');
  }
  return record;
}
