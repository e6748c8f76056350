import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { BundleOfferResponse } from '../../shared/api/payments.ts';
import { bundleOffer, type PaidCourse } from '../../shared/rules/pricing.ts';
import { checkoutSessions, paymentPlans } from '../db/schema/payments.ts';
import type { PaymentsContext } from './payments-context.ts';

/**
 * The courses the buyer owns through a paid purchase of their own, with the price that purchase
 * took for each: what a bundle bought now is credited with. A refunded or lapsed purchase, an
 * admin's grant and a bundle credit nothing; a test-mode purchase counts only in test mode.
 * A course bought in monthly payments counts what its payments have taken so far: buying the
 * bundle then ends the plan (docs/decisions/037), so nothing is paid twice.
 */
export async function listPaidCourses(
  context: PaymentsContext,
  userId: string,
  now = new Date(),
): Promise<PaidCourse[]> {
  const purchases = await context.app.db
    .select({
      items: checkoutSessions.items,
      grantedCourseIds: checkoutSessions.grantedCourseIds,
      amountPaidCents: checkoutSessions.amountPaidCents,
      planCheckoutId: paymentPlans.checkoutId,
    })
    .from(checkoutSessions)
    .leftJoin(paymentPlans, eq(paymentPlans.checkoutId, checkoutSessions.id))
    .where(
      and(
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.mode, context.stripe ? 'stripe' : 'test'),
        eq(checkoutSessions.isBundle, false),
        isNotNull(checkoutSessions.fulfilledAt),
        isNull(checkoutSessions.refundedAt),
        gt(checkoutSessions.accessExpiresAt, now),
      ),
    )
    .orderBy(desc(checkoutSessions.fulfilledAt));
  const paid = new Map<string, number>();
  for (const purchase of purchases) {
    for (const item of purchase.items) {
      const isGranted = purchase.grantedCourseIds.includes(item.id);
      // A discount code's share is not credited: only what was paid is.
      // A plan's one line is its first payment; the purchase has taken every payment made since.
      const paidCents = purchase.planCheckoutId
        ? (purchase.amountPaidCents ?? 0)
        : item.priceCents - (item.discountCents ?? 0);
      if (isGranted && !paid.has(item.id)) paid.set(item.id, paidCents);
    }
  }
  return [...paid].map(([courseId, paidCents]) => ({ courseId, paidCents }));
}

/** What the bundle costs the signed-in buyer now, as the purchase page and upgrade dialog show it. */
export async function getBundleOffer(
  context: PaymentsContext,
  user: SessionUser,
): Promise<BundleOfferResponse> {
  const { catalogue } = context.app;
  const offer = bundleOffer(catalogue.bundle, await listPaidCourses(context, user.id));
  return {
    ...offer,
    credits: offer.credits.map((credit) => ({
      ...credit,
      title: catalogue.getCourse(credit.courseId)?.title ?? credit.courseId,
    })),
  };
}
