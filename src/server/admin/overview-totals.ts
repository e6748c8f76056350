import { gte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { overviewTotals } from '../db/schema/admin.ts';

export interface OverviewTotals {
  signUps: number;
  purchases: number;
  revenueCents: number;
  assessments: number;
  unansweredAssessments: number;
  subscribers: number;
}

const summed = (column: (typeof overviewTotals)[keyof OverviewTotals]) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * Every total since the first week, from the running totals the triggers keep (migration 0043):
 * a row a week, however many rows were counted into them.
 */
export async function readOverviewTotals(db: Database): Promise<OverviewTotals> {
  const [row] = await db
    .select({
      signUps: summed(overviewTotals.signUps),
      purchases: summed(overviewTotals.purchases),
      revenueCents: summed(overviewTotals.revenueCents),
      assessments: summed(overviewTotals.assessments),
      unansweredAssessments: summed(overviewTotals.unansweredAssessments),
      subscribers: summed(overviewTotals.subscribers),
    })
    .from(overviewTotals);
  return row!;
}

/** The weeks from `since` (a Monday, YYYY-MM-DD) that anything was counted in. */
export function readOverviewWeeks(db: Database, since: string) {
  return db
    .select({
      weekStart: overviewTotals.weekStart,
      signUps: overviewTotals.signUps,
      purchases: overviewTotals.purchases,
      revenueCents: overviewTotals.revenueCents,
    })
    .from(overviewTotals)
    .where(gte(overviewTotals.weekStart, since));
}
