import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { SubscriptionAtRisk } from '../../shared/api/payments.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { formatDate } from '../../shared/rules/dates.ts';
import { recordAccessEvent } from '../access/enrollments.ts';
import { subscriptions } from '../db/schema/payments.ts';
import { nameForMail } from '../mail/send-mail.ts';
import { findUserById, listUsersByIds } from '../users/find-users.ts';
import type { PaymentsContext } from './payments-context.ts';
import { isPlanSubscription } from './payment-plans.ts';
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
  if (isPlanSubscription(subscription)) return;
  const saved = await saveSubscription(context, subscription, eventCreatedAt);
  if (saved?.hasGraceBegun) await mailPaymentFailed(context, saved.row);
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
  await applySubscriptionEvent(context, subscription, new Date(event.created * 1000));
}

async function mailPaymentFailed(context: PaymentsContext, row: SubscriptionRow) {
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
      'Your last subscription payment did not go through. This often happens when a card',
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
  return context.app.db.transaction(async (tx) => {
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
}

/** The admin's list: every subscription with a renewal left unpaid, in grace or paused. */
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
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    email: learners.get(row.userId)?.email ?? '',
    status: row.status,
    productId: row.productId,
    paymentFailedAt: row.paymentFailedAt!.toISOString(),
    graceEndsAt: row.graceEndsAt?.toISOString() ?? null,
    accessPausedAt: row.accessPausedAt?.toISOString() ?? null,
  }));
}
