import { and, count, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { checkoutSessions } from '../db/schema/payments.ts';

const fulfilled = and(isNotNull(checkoutSessions.fulfilledAt), isNull(checkoutSessions.refundedAt));
const paidCents = sql<number>`coalesce(sum(coalesce(${checkoutSessions.amountPaidCents}, ${checkoutSessions.amountCents})), 0)::int`;

/** Fulfilled purchases that were not refunded, and what was paid for them. */
export async function summarisePurchases(
  db: Database,
): Promise<{ purchases: number; revenueCents: number }> {
  const [row] = await db
    .select({ purchases: count(), revenueCents: paidCents })
    .from(checkoutSessions)
    .where(fulfilled);
  return { purchases: row?.purchases ?? 0, revenueCents: row?.revenueCents ?? 0 };
}

/** The same per week of fulfilment (weeks start on Monday, UTC), from `since`. */
export async function summarisePurchasesByWeek(
  db: Database,
  since: Date,
): Promise<{ weekStart: string; purchases: number; revenueCents: number }[]> {
  // Grouped by the week itself, and only each week's start written out (as sign-ups are).
  const week = sql`date_trunc('week', ${checkoutSessions.fulfilledAt} at time zone 'UTC')`;
  return db
    .select({
      weekStart: sql<string>`to_char(${week}, 'YYYY-MM-DD')`,
      purchases: count(),
      revenueCents: paidCents,
    })
    .from(checkoutSessions)
    .where(and(fulfilled, gte(checkoutSessions.fulfilledAt, since)))
    .groupBy(week);
}
