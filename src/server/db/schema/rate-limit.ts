import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window request counters, one row per rule and client, shared by every server process. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
