import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { ConfirmCheckoutResponse } from '../../shared/api/payments.ts';
import { courseAccessType, enrollmentExpiry } from '../../shared/rules/access.ts';
import { isCheckoutPaid, mergeCheckoutState } from '../../shared/rules/purchase.ts';
import { countsTowardAccess } from '../access/enrollment-checks.ts';
import { enrollInCoursesWithin, listEnrollments } from '../access/enrollments.ts';
import type { Transaction } from '../db/client.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { AppError } from '../http/errors.ts';
import {
  getCheckoutRecord,
  getOwnCheckoutRecord,
  outcomeOf,
  type CheckoutRecord,
} from './checkout-records.ts';
import { countCouponUse } from './coupons.ts';
import { issueInvoice, type Invoice } from './issue-invoice.ts';
import {
  cancelPlanSubscriptions,
  settlePlansCreditedByBundle,
  startPaymentPlan,
} from './payment-plans.ts';
import type { PaymentsContext } from './payments-context.ts';
import { sendReceipt } from './receipt.ts';
import { CURRENCY, type ProviderCheckout } from './stripe-client.ts';

/** The success page's call: the same fulfilment as the webhook, for the buyer's own session. */
export async function confirmCheckout(
  context: PaymentsContext,
  user: SessionUser,
  checkoutId: string,
): Promise<ConfirmCheckoutResponse> {
  await getOwnCheckoutRecord(context, user, checkoutId);
  const record = await fulfilCheckout(context, checkoutId);
  return { status: outcomeOf(record), courseIds: record.courseIds };
}

/**
 * Stripe's fulfilment guide: re-read the session, grant only once it is paid, and grant once
 * however many callers (webhook deliveries, the success page, test mode) arrive at the same time.
 * The session's row is locked for the whole transaction; the first paid caller enrolls, the
 * others find it fulfilled.
 */
export async function fulfilCheckout(
  context: PaymentsContext,
  checkoutId: string,
  { hasPaymentFailed = false }: { hasPaymentFailed?: boolean } = {},
): Promise<CheckoutRecord> {
  const { app } = context;
  const stored = await getCheckoutRecord(context, checkoutId);
  if (!stored) throw new AppError('not_found', 'Checkout session not found');
  const read = await readProviderCheckout(context, stored);

  const { record, invoice, isNewlyFulfilled, hasJustEnded, settledPlans } =
    await app.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.id, checkoutId))
        .for('update');
      const now = new Date();
      const state = mergeCheckoutState(locked!, read);
      const changes: Partial<CheckoutRecord> = {
        ...state,
        paymentIntentId: locked!.paymentIntentId ?? read.paymentIntentId,
        paymentFailedAt: locked!.paymentFailedAt ?? (hasPaymentFailed ? now : null),
        updatedAt: now,
      };
      const shouldFulfil =
        !locked!.fulfilledAt &&
        !locked!.refundedAt &&
        isCheckoutPaid(state.paymentStatus) &&
        isPaidInFull(app, locked!, read);
      let invoice: Invoice | null = null;
      let settledPlans: string[] = [];
      if (shouldFulfil) {
        // Numbered in this transaction: should the fulfilment roll back, so does the number.
        invoice = await issueInvoice(tx, {
          record: locked!,
          customer: read.customer,
          stripeTaxCents: read.taxCents,
          settings: app.settings.current(),
          paidCents: read.amountTotalCents ?? 0,
          timeZone: app.config.sessions.creatorTimeZone,
          now,
        });
        if (locked!.couponId) await countCouponUse(tx, locked!.couponId);
        const isReleased = (courseId: string) =>
          !app.catalogue.getCourse(courseId)?.product.comingSoon;
        const released = locked!.courseIds.filter(isReleased);
        const grantedCourseIds = await enrollInPurchasedCourses(tx, locked!, released, now);
        // A payment plan's access opens at its first payment; the rest follow monthly.
        await startPaymentPlan(tx, locked!, { subscriptionId: read.subscriptionId ?? null, now });
        // The bundle credited a course's plan with what it paid: that plan takes nothing more.
        settledPlans = await settlePlansCreditedByBundle(tx, locked!, now);
        Object.assign(changes, {
          fulfilledAt: now,
          grantedCourseIds,
          awaitingReleaseCourseIds: locked!.courseIds.filter((courseId) => !isReleased(courseId)),
          // A session opens no course, so its purchase has no access to end.
          accessExpiresAt: locked!.courseIds.length > 0 ? enrollmentExpiry(now) : null,
          amountPaidCents: read.amountTotalCents,
        });
      }
      const [updated] = await tx
        .update(checkoutSessions)
        .set(changes)
        .where(eq(checkoutSessions.id, checkoutId))
        .returning();
      const hasJustEnded = locked!.status === 'open' && state.status === 'expired';
      return {
        record: updated!,
        invoice,
        isNewlyFulfilled: shouldFulfil,
        hasJustEnded,
        settledPlans,
      };
    });

  if (hasJustEnded) await reportCheckoutEnded(context, record.id);
  await cancelPlanSubscriptions(context, settledPlans);
  if (isNewlyFulfilled && record.userId) {
    await context
      .onCheckoutPaid?.({
        checkoutId: record.id,
        userId: record.userId,
        productIds: record.items.map((item) => item.id),
        isTestPayment: record.mode === 'test',
      })
      .catch((error: unknown) =>
        app.log.error({ err: error, checkoutId }, 'the paid-checkout hook failed'),
      );
    await context
      .onCoursesPurchased?.({
        userId: record.userId,
        courseIds: record.courseIds,
        reference: record.id,
      })
      .catch((error: unknown) =>
        app.log.error({ err: error, checkoutId }, 'the purchase hook failed'),
      );
    // The receipt never holds up the answer, and a mail failure never undoes the access.
    sendReceipt(context, record, invoice).catch((error: unknown) =>
      app.log.error({ err: error, checkoutId }, 'the receipt could not be sent'),
    );
  }
  return record;
}

/** A checkout that ended unpaid lets go of what it held; a failure is logged, never answered. */
export async function reportCheckoutEnded(context: PaymentsContext, checkoutId: string) {
  await context
    .onCheckoutEnded?.(checkoutId)
    .catch((error: unknown) =>
      context.app.log.error({ err: error, checkoutId }, 'the ended-checkout hook failed'),
    );
}

/**
 * What Stripe took must be the price the server set (a discount code already taken off), in the
 * catalogue's currency: anything else (a session changed on the Stripe account) opens nothing,
 * and the operator is told.
 */
function isPaidInFull(
  app: PaymentsContext['app'],
  record: CheckoutRecord,
  read: ProviderCheckout,
): boolean {
  if (read.amountTotalCents === record.amountCents && read.currency === CURRENCY) return true;
  app.log.error(
    {
      checkoutId: record.id,
      expected: record.amountCents,
      paid: read.amountTotalCents,
      currency: read.currency,
    },
    'a Checkout session was paid with another amount than its order: no access granted',
  );
  return false;
}

/** In test mode, and for an order with nothing to pay, our own record is the provider's session. */
async function readProviderCheckout(
  context: PaymentsContext,
  record: CheckoutRecord,
): Promise<ProviderCheckout> {
  if (record.mode === 'stripe' && record.amountCents > 0) {
    if (!context.stripe) {
      throw new AppError('unavailable', 'Stripe payments are not configured on this server.');
    }
    return context.stripe.retrieveCheckoutSession(record.id);
  }
  return {
    status: record.status,
    paymentStatus: record.paymentStatus,
    paymentIntentId: null,
    amountTotalCents: record.amountCents,
    currency: CURRENCY,
    customer: null,
    taxCents: null,
    subscriptionId: null,
  };
}

/**
 * Enrolls in the purchase's courses the buyer does not own yet (a bundle bought while owning one
 * course still opens the rest). Fulfilments of one buyer run one at a time, so two purchases
 * paid at the same moment never both count a course as free.
 */
export async function enrollInPurchasedCourses(
  tx: Transaction,
  record: CheckoutRecord,
  purchasedCourseIds: readonly string[],
  now: Date,
): Promise<string[]> {
  const { userId } = record;
  if (!userId) return []; // The buyer deleted their account.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`enroll:${userId}`}))`);
  const isTestPayment = record.mode === 'test';
  const enrollments = (await listEnrollments(tx, userId)).filter((enrollment) =>
    countsTowardAccess(enrollment, isTestPayment ? 'test' : 'live'),
  );
  const facts = { isAdmin: false, enrollments, subscriptions: [], betaGrants: [], now };
  const courseIds = purchasedCourseIds.filter(
    (courseId) => courseAccessType(courseId, facts) !== 'paid',
  );
  if (courseIds.length === 0) return [];
  await enrollInCoursesWithin(tx, {
    userId,
    courseIds,
    purchaseType: record.isBundle ? 'bundle' : 'individual',
    source: record.isBundle ? 'bundle' : 'purchase',
    reference: record.id,
    isTestPayment,
    now,
  });
  return courseIds;
}
