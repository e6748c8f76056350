import { eq } from 'drizzle-orm';
import {
  enrollInCoursesWithin,
  listAccessEventCourseIds,
  revokeEnrollments,
} from '../access/enrollments.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { getCheckoutRecord } from './checkout-records.ts';
import { giveBackCouponUse } from './coupons.ts';
import { issueCreditNotes } from './issue-invoice.ts';
import { endPlanRefunded } from './payment-plans.ts';
import { sendCreditNotes } from './receipt.ts';
import type { PaymentsContext } from './payments-context.ts';

interface EndedPayment {
  paymentIntentId: string;
  /** The charge refunded or the dispute opened: the recorded reason. */
  reference: string;
  /** A refund gets a credit note; a dispute, which may yet be won, does not. */
  isRefund?: boolean;
}

/**
 * A full refund, or a dispute while it is open or once it is lost, ends the access that payment
 * bought: the courses the purchase enrolled in are revoked, with the charge or dispute as the
 * recorded reason. A payment ended before its Checkout session was fulfilled is marked as well,
 * so the fulfilment that follows grants nothing. A refund of an invoiced order issues its credit
 * note in the same transaction. Safe to repeat.
 */
export async function revokePurchase(
  context: PaymentsContext,
  { paymentIntentId, reference, isRefund = false }: EndedPayment,
): Promise<void> {
  const checkoutId = await findCheckoutOfPayment(context, paymentIntentId);
  if (!checkoutId) return;
  await endPurchase(context, { checkoutId, paymentIntentId, reference, isRefund });
}

/**
 * Ends one purchase, known by its Checkout session: the courses it enrolled in are revoked with
 * `reference` (the refund, charge or dispute) as the recorded reason, the purchase is marked
 * refunded, a refund of an invoiced order gets its credit notes in the same transaction (a plan's
 * one per payment, and the plan ends), and the
 * refunded-purchase hook runs once. The one path every refund takes (a Stripe event, the
 * creator's Refund, a test-mode refund). Safe to repeat.
 */
export async function endPurchase(
  context: PaymentsContext,
  {
    checkoutId,
    paymentIntentId,
    reference,
    isRefund,
  }: { checkoutId: string; paymentIntentId: string | null; reference: string; isRefund: boolean },
): Promise<void> {
  const ended = await context.app.db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, checkoutId))
      .for('update');
    if (!record || record.refundedAt) return null;
    if (record.fulfilledAt && record.userId) {
      await revokeEnrollments(tx, {
        userId: record.userId,
        courseIds: record.grantedCourseIds,
        source: 'refund',
        reference,
      });
    }
    await tx
      .update(checkoutSessions)
      .set({
        paymentIntentId: paymentIntentId ?? record.paymentIntentId,
        refundedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(checkoutSessions.id, record.id));
    // A refunded order gives its code's use back, once: refundedAt is set under this lock.
    if (isRefund && record.fulfilledAt && record.couponId) {
      await giveBackCouponUse(tx, record.couponId);
    }
    if (!isRefund) return { record, creditNotes: [] };
    // A refunded plan takes no more payments; each payment it took gets its credit note.
    await endPlanRefunded(tx, record.id);
    const creditNotes = await issueCreditNotes(tx, {
      checkoutId: record.id,
      timeZone: context.app.config.sessions.creatorTimeZone,
      now: new Date(),
    });
    return { record, creditNotes };
  });
  if (!ended) return;
  if (ended.creditNotes.length > 0) {
    sendCreditNotes(context, ended.record, ended.creditNotes).catch((error: unknown) =>
      context.app.log.error({ err: error, checkoutId }, 'the credit note could not be sent'),
    );
  }
  await context
    .onPurchaseRefunded?.(checkoutId)
    .catch((error: unknown) =>
      context.app.log.error({ err: error, checkoutId }, 'the refunded-purchase hook failed'),
    );
}

/**
 * A dispute won gives back the access its opening took, and only that: a purchase also refunded,
 * or ended by another dispute, stays ended.
 */
export async function restoreDisputedPurchase(
  context: PaymentsContext,
  { paymentIntentId, reference }: EndedPayment,
): Promise<void> {
  await context.app.db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.paymentIntentId, paymentIntentId))
      .for('update');
    if (!record?.refundedAt || !record.userId) return;
    const revokedByDispute = await listAccessEventCourseIds(tx, {
      userId: record.userId,
      action: 'revoke',
      reference,
    });
    if (revokedByDispute.length === 0) return;
    await enrollInCoursesWithin(tx, {
      userId: record.userId,
      courseIds: revokedByDispute,
      purchaseType: record.isBundle ? 'bundle' : 'individual',
      source: record.isBundle ? 'bundle' : 'purchase',
      reference,
      expiresAt: record.accessExpiresAt,
    });
    await tx
      .update(checkoutSessions)
      .set({ refundedAt: null, updatedAt: new Date() })
      .where(eq(checkoutSessions.id, record.id));
  });
}

/**
 * Our Checkout session of a payment: by the payment id fulfilment stored, or, for a payment
 * ended before fulfilment read it, by asking Stripe.
 */
async function findCheckoutOfPayment(
  context: PaymentsContext,
  paymentIntentId: string,
): Promise<string | null> {
  const [stored] = await context.app.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.paymentIntentId, paymentIntentId));
  if (stored) return stored.id;
  const checkoutId = await context.stripe?.findCheckoutSessionOfPayment(paymentIntentId);
  return checkoutId && (await getCheckoutRecord(context, checkoutId)) ? checkoutId : null;
}
