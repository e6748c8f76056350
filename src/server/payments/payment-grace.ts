import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { nextPaymentGrace } from '../../shared/rules/payment-grace.ts';
import type { SubscriptionAtRisk } from '../../shared/api/payments.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { formatDate } from '../../shared/rules/dates.ts';
import { recordAccessEvent } from '../access/enrollments.ts';
import { checkoutSessions, paymentPlans, subscriptions } from '../db/schema/payments.ts';
import { nameForMail } from '../mail/send-mail.ts';
import { findUserById, listUsersByIds } from '../users/find-users.ts';
import type { PaymentsContext } from './payments-context.ts';
import {
  isPlanSubscription,
  listDueTestPlans,
  lockPlan,
  savePlanGrace,
  type LockedPlan,
} from './payment-plans.ts';
import { idOf, type StripeEvent, type StripeSubscription } from './stripe-client.ts';
import { listCoursesCovered, saveSubscription, type SubscriptionRow } from './subscriptions.ts';

/** Where the mail and the banner send a learner: our page opens a fresh billing portal session. */
export const UPDATE_CARD_PATH = '/billing/update-card';

type InvoiceEvent = Extract<StripeEvent, { type: 'invoice.payment_failed' | 'invoice.paid' }>;

/**
 * A customer.subscription.* event: the state is saved, and a renewal that has just failed is told
 * to the learner, once per failure episode (docs/decisions/038).
 */
export async function applySubscriptionEvent(
  context: PaymentsContext,
  subscription: StripeSubscription,
  eventCreatedAt: Date,
): Promise<void> {
  // A payment plan's subscription is not a membership: the plan keeps its own record.
  if (isPlanSubscription(subscription)) {
    // An event's copy may be older than one already applied: the plan follows Stripe's state now.
    const live = (await context.stripe?.retrieveSubscription(subscription.id)) ?? subscription;
    return applyPlanSubscription(context, live, eventCreatedAt);
  }
  const saved = await saveSubscription(context, subscription, eventCreatedAt);
  if (saved?.hasGraceBegun) await mailPaymentFailed(context, saved.row);
}

/**
 * A plan's later payment failed, or was made after all: the same grace as a subscription's
 * renewal, kept on the plan's row. A plan that is complete, settled or refunded has none.
 */
async function applyPlanSubscription(
  context: PaymentsContext,
  subscription: StripeSubscription,
  reportedAt: Date,
): Promise<void> {
  const now = new Date();
  const begun = await context.app.db.transaction(async (tx) => {
    const locked = await lockPlan(tx, { stripeSubscriptionId: subscription.id });
    if (!locked || !isPlanOpenToGrace(locked)) return null;
    const grace = nextPaymentGrace(
      locked.plan,
      { status: subscription.status, cancelAtPeriodEnd: subscription.cancel_at_period_end },
      { reportedAt, now, graceDays: context.app.config.stripe.graceDays },
    );
    return (await savePlanGrace(tx, locked, grace, now)) ? { ...locked, grace } : null;
  });
  if (begun) await mailPlanPaymentFailed(context, begun);
}

function isPlanOpenToGrace({ plan, record }: LockedPlan): boolean {
  return plan.status === 'active' && !record.refundedAt;
}

/**
 * Payment test mode's declining card (chosen at the test checkout): on the clock's tick, each
 * plan whose payment falls due fails instead of being taken, and its grace begins as Stripe's
 * `past_due` would begin it. The card updated, the payment is taken and the grace ends.
 */
export async function declineDueTestInstalments(
  context: PaymentsContext,
  now: Date,
): Promise<number> {
  const due = await listDueTestPlans(context.app.db, now, { isCardDeclining: true });
  let declined = 0;
  for (const checkoutId of due) {
    const begun = await context.app.db.transaction(async (tx) => {
      const locked = await lockPlan(tx, { checkoutId });
      if (!locked || !isPlanOpenToGrace(locked) || locked.plan.paymentFailedAt) return null;
      const grace = nextPaymentGrace(
        locked.plan,
        { status: 'past_due', cancelAtPeriodEnd: false },
        { reportedAt: now, now, graceDays: context.app.config.stripe.graceDays },
      );
      return (await savePlanGrace(tx, locked, grace, now)) ? { ...locked, grace } : null;
    });
    if (begun) {
      declined += 1;
      await mailPlanPaymentFailed(context, begun);
    }
  }
  return declined;
}

async function mailPlanPaymentFailed(
  context: PaymentsContext,
  { plan, record, grace }: LockedPlan & { grace: { graceEndsAt: Date | null } },
) {
  if (!record.userId) return;
  await mailPaymentFailed(
    context,
    { userId: record.userId, graceEndsAt: grace.graceEndsAt },
    `payment for ${plan.productName}`,
  );
}

/**
 * invoice.payment_failed and invoice.paid name the subscription but not its state, and may come
 * before or after its customer.subscription.updated: the state is read from Stripe, so the
 * grace begins (or ends) whichever event arrives first.
 */
export async function applyInvoiceEvent(context: PaymentsContext, event: InvoiceEvent) {
  const invoice = event.data.object;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId || !context.stripe) return;
  const subscription = await context.stripe.retrieveSubscription(subscriptionId);
  const reportedAt = new Date(event.created * 1000);
  if (isPlanSubscription(subscription)) {
    return applyPlanSubscription(context, subscription, reportedAt);
  }
  await applySubscriptionEvent(context, subscription, reportedAt);
}

async function mailPaymentFailed(
  context: PaymentsContext,
  row: Pick<SubscriptionRow, 'userId' | 'graceEndsAt'>,
  what = 'subscription payment',
) {
  const { app } = context;
  const learner = await findUserById(app.db, row.userId);
  if (!learner || !row.graceEndsAt) return;
  const until = formatDate(row.graceEndsAt);
  await app.mailer.send({
    to: learner.email,
    subject: `Your ${PRODUCT_NAME} payment did not go through`,
    text: [
      `Hello ${nameForMail(learner)},`,
      '',
      `Your last ${what} did not go through. This often happens when a card`,
      'expires or is replaced.',
      '',
      `Your courses stay open until ${until}. To keep your access, please update your card:`,
      `${app.config.appUrl}${UPDATE_CARD_PATH}`,
      '',
      `If the payment is still outstanding on ${until}, your access pauses. Your progress and`,
      'reflections stay in your account.',
      '',
      `With warmth, ${PRODUCT_NAME}`,
    ].join('\n'),
  });
}

/**
 * On the clock's tick: each past_due subscription whose grace has run out by `now` is marked
 * paused once, and the courses it opened are recorded as closed. (The access rules already close
 * them at the grace's end; this keeps the audit trail and the admin's list true.)
 */
export async function pauseLapsedGraces(context: PaymentsContext, now: Date): Promise<number> {
  const subscriptionsPaused = await context.app.db.transaction(async (tx) => {
    const lapsed = await tx
      .update(subscriptions)
      .set({ accessPausedAt: now })
      .where(
        and(
          eq(subscriptions.status, 'past_due'),
          isNull(subscriptions.accessPausedAt),
          lte(subscriptions.graceEndsAt, now),
        ),
      )
      .returning();
    for (const row of lapsed) {
      for (const courseId of listCoursesCovered(context, row)) {
        await recordAccessEvent(tx, {
          userId: row.userId,
          courseId,
          action: 'revoke',
          source: 'subscription',
          reference: row.id,
        });
      }
    }
    return lapsed.length;
  });
  return subscriptionsPaused + (await pauseLapsedPlans(context, now));
}

/** The same for payment plans: a plan's pause ends the courses it opened (progress kept). */
async function pauseLapsedPlans(context: PaymentsContext, now: Date): Promise<number> {
  const lapsed = await context.app.db
    .select({ checkoutId: paymentPlans.checkoutId })
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.status, 'active'),
        isNull(paymentPlans.accessPausedAt),
        lte(paymentPlans.graceEndsAt, now),
      ),
    );
  let paused = 0;
  for (const { checkoutId } of lapsed) {
    await context.app.db.transaction(async (tx) => {
      const locked = await lockPlan(tx, { checkoutId });
      if (!locked || !isPlanOpenToGrace(locked) || locked.plan.accessPausedAt) return;
      const { paymentFailedAt, graceEndsAt } = locked.plan;
      if (!graceEndsAt || graceEndsAt > now) return;
      await savePlanGrace(tx, locked, { paymentFailedAt, graceEndsAt, accessPausedAt: now }, now);
      paused += 1;
    });
  }
  return paused;
}

/** The admin's list: every subscription with a renewal left unpaid, and every plan with a payment left unpaid, in grace or paused. */
export async function listSubscriptionsAtRisk(
  context: PaymentsContext,
): Promise<SubscriptionAtRisk[]> {
  const { db } = context.app;
  const rows = await db
    .select()
    .from(subscriptions)
    .where(isNotNull(subscriptions.paymentFailedAt))
    .orderBy(asc(subscriptions.graceEndsAt));
  const learners = await listUsersByIds(
    db,
    rows.map((row) => row.userId),
  );
  const subscriptionRows = rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    email: learners.get(row.userId)?.email ?? '',
    status: row.status,
    productId: row.productId,
    paymentFailedAt: row.paymentFailedAt!.toISOString(),
    graceEndsAt: row.graceEndsAt?.toISOString() ?? null,
    accessPausedAt: row.accessPausedAt?.toISOString() ?? null,
    planProductName: null,
  }));
  const plans = await db
    .select({ plan: paymentPlans, userId: checkoutSessions.userId })
    .from(paymentPlans)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentPlans.checkoutId))
    .where(and(isNotNull(paymentPlans.paymentFailedAt), eq(paymentPlans.status, 'active')))
    .orderBy(asc(paymentPlans.graceEndsAt));
  const planLearners = await listUsersByIds(
    db,
    plans.flatMap(({ userId }) => (userId ? [userId] : [])),
  );
  const planRows = plans.flatMap(({ plan, userId }): SubscriptionAtRisk[] =>
    userId
      ? [
          {
            id: plan.stripeSubscriptionId ?? plan.checkoutId,
            userId,
            email: planLearners.get(userId)?.email ?? '',
            status: plan.accessPausedAt ? 'paused' : 'past_due',
            productId: plan.productId,
            paymentFailedAt: plan.paymentFailedAt!.toISOString(),
            graceEndsAt: plan.graceEndsAt?.toISOString() ?? null,
            accessPausedAt: plan.accessPausedAt?.toISOString() ?? null,
            planProductName: plan.productName,
          },
        ]
      : [],
  );
  return [...subscriptionRows, ...planRows];
}
