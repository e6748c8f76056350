import { desc, eq, sql } from 'drizzle-orm';
import type { Subscription } from '../../shared/api/payments.ts';
import {
  isSubscriptionGranting,
  subscriptionProductCovers,
  type SubscriptionFacts,
} from '../../shared/rules/access.ts';
import {
  hasPaymentGraceBegun,
  nextPaymentGrace,
  type PaymentGrace,
} from '../../shared/rules/payment-grace.ts';
import { recordAccessEvent } from '../access/enrollments.ts';
import type { Database } from '../db/client.ts';
import { subscriptions, type SubscriptionItem } from '../db/schema/payments.ts';
import { findUserIdByStripeCustomerId } from '../users/users.ts';
import type { PaymentsContext } from './payments-context.ts';
import { idOf, type StripeSubscription } from './stripe-client.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A saved state, and whether it began a failed-payment episode the learner is to be told of. */
export interface SavedSubscription {
  row: SubscriptionRow;
  hasGraceBegun: boolean;
}

/** Stripe never brings a canceled or expired subscription back: those states are final. */
const finalStatuses = new Set(['canceled', 'incomplete_expired']);

/** What the access rules weigh: one fact per subscribed product. */
export async function listSubscriptionFacts(
  db: Database,
  userId: string,
): Promise<SubscriptionFacts[]> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return rows.flatMap(toFacts);
}

export async function listUserSubscriptions(
  db: Database,
  where: { userId: string } | { customerId: string },
): Promise<Subscription[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      'userId' in where
        ? eq(subscriptions.userId, where.userId)
        : eq(subscriptions.customerId, where.customerId),
    )
    .orderBy(desc(subscriptions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    productId: row.productId,
    customerId: row.customerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    graceEndsAt: row.graceEndsAt?.toISOString() ?? null,
    accessPausedAt: row.accessPausedAt?.toISOString() ?? null,
    items: row.items,
  }));
}

/**
 * Keeps the subscriptions table current from a customer.subscription.* event. Events may arrive
 * out of order: a state is written only when its event is not older than the stored one, and a
 * final state is never overwritten. Each change of the courses it opens is recorded, and so is
 * the grace of a renewal left unpaid.
 */
export async function saveSubscription(
  context: PaymentsContext,
  subscription: StripeSubscription,
  eventCreatedAt: Date,
): Promise<SavedSubscription | null> {
  const { app } = context;
  const customerId = idOf(subscription.customer)!;
  const userId = await findUserIdByStripeCustomerId(app.db, customerId);
  if (!userId) {
    app.log.warn(
      { customerId, subscriptionId: subscription.id },
      'subscription of an unknown customer',
    );
    return null;
  }
  const state = toRow(subscription, userId, customerId, eventCreatedAt);
  const now = new Date();

  return app.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`subscription:${subscription.id}`}))`,
    );
    const [stored] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    const isStale =
      stored &&
      (stored.eventCreatedAt.getTime() > eventCreatedAt.getTime() ||
        finalStatuses.has(stored.status));
    if (isStale) return null;

    const grace = nextPaymentGrace(stored, state, {
      reportedAt: eventCreatedAt,
      now,
      graceDays: app.config.stripe.graceDays,
    });
    const next = { ...state, ...grace };
    const [row] = await tx
      .insert(subscriptions)
      .values(next)
      .onConflictDoUpdate({ target: subscriptions.id, set: { ...next, updatedAt: now } })
      .returning();

    const before = coveredCourseIds(context, stored ? toFacts(stored) : [], now);
    const after = coveredCourseIds(context, toFacts(next), now);
    const change = (action: 'grant' | 'revoke', courseId: string) =>
      recordAccessEvent(tx, {
        userId,
        courseId,
        action,
        source: 'subscription',
        reference: subscription.id,
      });
    for (const courseId of after.filter((id) => !before.includes(id)))
      await change('grant', courseId);
    for (const courseId of before.filter((id) => !after.includes(id)))
      await change('revoke', courseId);
    return { row: row!, hasGraceBegun: hasPaymentGraceBegun(stored, grace) };
  });
}

function toRow(
  subscription: StripeSubscription,
  userId: string,
  customerId: string,
  eventCreatedAt: Date,
): Omit<SubscriptionRow, 'updatedAt' | keyof PaymentGrace> {
  const items: SubscriptionItem[] = subscription.items.data.map((item) => ({
    id: item.id,
    productId: idOf(item.price.product) ?? '',
    priceId: item.price.id ?? null,
    quantity: item.quantity ?? null,
  }));
  // Since the 2025 API versions the billing period lives on each item.
  const periodEnd = subscription.items.data[0]?.current_period_end;
  return {
    id: subscription.id,
    userId,
    customerId,
    status: subscription.status,
    productId: items[0]?.productId ?? '',
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    items,
    createdAt: new Date(subscription.created * 1000),
    eventCreatedAt,
  };
}

/** A pause once recorded holds, whatever the clock says: the grace is over. */
function toFacts(
  row: Pick<
    SubscriptionRow,
    'items' | 'status' | 'cancelAtPeriodEnd' | 'graceEndsAt' | 'accessPausedAt'
  >,
): SubscriptionFacts[] {
  return row.items.map((item) => ({
    productId: item.productId,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    graceEndsAt: row.accessPausedAt ? null : row.graceEndsAt,
  }));
}

/** The courses a subscription's products cover, whatever its state. */
export function listCoursesCovered(context: PaymentsContext, row: SubscriptionRow): string[] {
  return coveredCourseIds(
    context,
    toFacts({ ...row, status: 'active', cancelAtPeriodEnd: false }),
    new Date(),
  );
}

function coveredCourseIds(
  context: PaymentsContext,
  facts: SubscriptionFacts[],
  now: Date,
): string[] {
  return context.app.catalogue.courses
    .map((course) => course.id)
    .filter((courseId) =>
      facts.some(
        (fact) =>
          isSubscriptionGranting(fact, now) && subscriptionProductCovers(fact.productId, courseId),
      ),
    );
}
