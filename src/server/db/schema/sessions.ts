import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OpeningHours } from '../../../shared/rules/session-slots.ts';
import { sessionStatuses } from '../../../shared/rules/sessions.ts';
import { users } from './auth.ts';

export interface StoredBlock {
  /** UTC ISO instants. */
  startsAt: string;
  endsAt: string;
}

/** The creator's availability: one row (id 1), written from the admin panel. */
export const sessionSettings = pgTable(
  'session_settings',
  {
    id: integer('id').primaryKey().default(1),
    weeklyHours: jsonb('weekly_hours').$type<OpeningHours[]>().notNull(),
    blocks: jsonb('blocks').$type<StoredBlock[]>().notNull(),
    sessionMinutes: integer('session_minutes').notNull(),
    bufferMinutes: integer('buffer_minutes').notNull(),
    noticeHours: integer('notice_hours').notNull(),
    horizonDays: integer('horizon_days').notNull(),
    rescheduleCutoffHours: integer('reschedule_cutoff_hours').notNull(),
    defaultMeetingUrl: text('default_meeting_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('session_settings_one_row', sql`${table.id} = 1`)],
);

/**
 * One-to-one sessions, from the slot held during checkout to the session held or cancelled.
 * The migration adds `session_bookings_no_overlap`, an exclusion constraint drizzle cannot
 * declare: no two pending, booked or completed sessions overlap, whoever races for them.
 */
export const sessionBookings = pgTable(
  'session_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null once the learner deleted their account: the creator's calendar keeps the hour. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: sessionStatuses }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** While pending: when the hold lapses (the checkout's own expiry). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The checkout that pays for it; fulfilment finds the booking by it. */
    checkoutId: text('checkout_id').unique(),
    isTestPayment: boolean('is_test_payment').notNull().default(false),
    meetingUrl: text('meeting_url'),
    /** The zone the learner booked from: their mail shows times in it. */
    learnerTimeZone: text('learner_time_zone').notNull().default('UTC'),
    /** Raised at each reschedule or cancellation: the calendar file's SEQUENCE. */
    revision: integer('revision').notNull().default(0),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** When the creator's copy of a change last went out; reschedules in between wait for it. */
    creatorToldAt: timestamp('creator_told_at', { withTimezone: true }),
    /** A reschedule the creator has not been told of yet (sent with the latest time). */
    isCreatorCopyDue: boolean('is_creator_copy_due').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('session_bookings_user_idx').on(table.userId),
    // One hold per learner, whatever races: a second pending booking of theirs is refused.
    uniqueIndex('session_bookings_one_hold_per_learner')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
    index('session_bookings_starts_idx').on(table.startsAt),
    check('session_bookings_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
