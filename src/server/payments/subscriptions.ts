import { desc, eq, sql } from 'drizzle-orm';
import type { Subscription } from '../../shared/api/payments.ts';
import {
  isSubscriptionGranting,
  subscriptionProductCovers,
  type SubscriptionFacts,
} from '../../shared/rules/access.ts';
import { recordAccessEvent } from '../access/enrollments.ts';
import type { Database } from '../db/client.ts';
import { subscriptions, type SubscriptionItem } from '../db/schema/payments.ts';
import { findUserIdByStripeCustomerId } from '../users/users.ts';
import type { PaymentsContext } from './payments-context.ts';
import { idOf, type StripeSubscription } from './stripe-client.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

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
    items: row.items,
  }));
}

/**
 * Keeps the subscriptions table current from a customer.subscription.* event. Events may arrive
 * out of order: a state is written only when its event is not older than the stored one, and a
 * final state is never overwritten. Each change of the courses it opens is recorded.
 */
export async function saveSubscription(
  context: PaymentsContext,
  subscription: StripeSubscription,
  eventCreatedAt: Date,
): Promise<void> {
  const { app } = context;
  const customerId = idOf(subscription.customer)!;
  const userId = await findUserIdByStripeCustomerId(app.db, customerId);
  if (!userId) {
    app.log.warn(
      { customerId, subscriptionId: subscription.id },
      'subscription of an unknown customer',
    );
    return;
  }
  const next = toRow(subscription, userId, customerId, eventCreatedAt);

  await app.db.transaction(async (tx) => {
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
    if (isStale) return;

    await tx
      .insert(subscriptions)
      .values(next)
      .onConflictDoUpdate({ target: subscriptions.id, set: { ...next, updatedAt: new Date() } });

    const before = coveredCourseIds(context, stored ? toFacts(stored) : []);
    const after = coveredCourseIds(context, toFacts(next));
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
  });
}

function toRow(
  subscription: StripeSubscription,
  userId: string,
  customerId: string,
  eventCreatedAt: Date,
): Omit<SubscriptionRow, 'updatedAt'> {
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

function toFacts(row: Pick<SubscriptionRow, 'items' | 'status' | 'cancelAtPeriodEnd'>) {
  return row.items.map((item) => ({
    productId: item.productId,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  }));
}

function coveredCourseIds(context: PaymentsContext, facts: SubscriptionFacts[]): string[] {
  return context.app.catalogue.courses
    .map((course) => course.id)
    .filter((courseId) =>
      facts.some(
        (fact) =>
          isSubscriptionGranting(fact) && subscriptionProductCovers(fact.productId, courseId),
      ),
    );
}
