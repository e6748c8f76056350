import { bigint, date, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The admin overview's numbers per week (weeks start on Monday, UTC), kept by triggers in the
 * transaction of every write to users, checkout_sessions, assessments and
 * newsletter_subscriptions (docs/decisions/043-running-totals.md), so the overview reads a row a
 * week instead of counting every row. Derived: a backup leaves it out and a restore rebuilds it.
 */
export const overviewTotals = pgTable('overview_totals', {
  weekStart: date('week_start', { mode: 'string' }).primaryKey(),
  /** Users by the week they signed up. */
  signUps: integer('sign_ups').notNull().default(0),
  /** Fulfilled, unrefunded purchases by the week of fulfilment, and what was paid for them. */
  purchases: integer('purchases').notNull().default(0),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  /** Assessments by the week they were sent, and those of them not yet answered. */
  assessments: integer('assessments').notNull().default(0),
  unansweredAssessments: integer('unanswered_assessments').notNull().default(0),
  /** Newsletter subscriptions by the week they were made. */
  subscribers: integer('subscribers').notNull().default(0),
});
