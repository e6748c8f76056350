import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api/auth.ts';
import { checkoutOutcome, type CheckoutOutcome } from '../../shared/rules/purchase.ts';
import { creditLine } from '../../shared/rules/pricing.ts';
import { couponLine } from '../../shared/rules/coupons.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { AppError } from '../http/errors.ts';
import type { PaymentsContext } from './payments-context.ts';

export type CheckoutRecord = typeof checkoutSessions.$inferSelect;

export async function getCheckoutRecord(
  context: PaymentsContext,
  checkoutId: string,
): Promise<CheckoutRecord | undefined> {
  const [record] = await context.app.db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, checkoutId));
  return record;
}

/** The caller's own checkout, or 404 / 403. */
export async function getOwnCheckoutRecord(
  context: PaymentsContext,
  user: SessionUser,
  checkoutId: string,
): Promise<CheckoutRecord> {
  const record = await getCheckoutRecord(context, checkoutId);
  if (!record) throw new AppError('not_found', 'Checkout session not found');
  if (record.userId !== user.id) {
    throw new AppError('forbidden', 'This checkout belongs to another account.');
  }
  return record;
}

export function outcomeOf(record: CheckoutRecord): CheckoutOutcome {
  return checkoutOutcome({
    status: record.status,
    paymentStatus: record.paymentStatus,
    hasPaymentFailed: record.paymentFailedAt !== null,
    isRefunded: record.refundedAt !== null,
  });
}

/** The credit a bundle was given for courses already paid for, in the buyer's words; null without one. */
export function creditOf(
  context: PaymentsContext,
  record: CheckoutRecord,
): { label: string; cents: number } | null {
  if (record.creditCents === 0) return null;
  const titles = record.creditedCourseIds.map(
    (courseId) => context.app.catalogue.getCourse(courseId)?.title ?? courseId,
  );
  return { label: creditLine(titles), cents: record.creditCents };
}

/** What a discount code took off the order, in the buyer's words; null without one. */
export function discountOf(record: CheckoutRecord): { label: string; cents: number } | null {
  if (record.discountCents === 0 || !record.couponCode) return null;
  return { label: couponLine(record.couponCode), cents: record.discountCents };
}
