import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { broadcastSegments, broadcastStatuses } from '../../../shared/api/broadcasts.ts';

/**
 * A letter the creator writes to a segment and schedules. The clock sends it in batches; no
 * recipient is stored: each batch reads the segment afresh, after the last key handed to the mail
 * queue (`cursor`, a digest of an address, never the address), so nobody is written to twice.
 */
export const broadcasts = pgTable('broadcasts', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  segment: text('segment', { enum: broadcastSegments }).notNull(),
  /** The course of the segments of one course. */
  courseId: text('course_id'),
  sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
  status: text('status', { enum: broadcastStatuses }).notNull().default('scheduled'),
  cursor: text('cursor'),
  /** The tick that handed the last batch: one batch a minute, however many ticks come in it. */
  handedAt: timestamp('handed_at', { withTimezone: true }),
  /** The outbox rows of the mails handed to the queue, to count how they fared. */
  outboxIds: integer('outbox_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** Recipients passed over: their switch off, or their account disabled. */
  skipped: integer('skipped').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
