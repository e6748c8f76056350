import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { purchaseTypes } from '../../../shared/rules/access.ts';
import { users } from './auth.ts';

export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    purchaseType: text('purchase_type', { enum: purchaseTypes }).notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Paced release (decision 040): the learner's first start in the course. A renewal, upgrade,
     * bundle credit or plan payment moves `enrolledAt` but never this, so no module opened locks again.
     */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** null means never. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completed: boolean('completed').notNull().default(false),
    progress: integer('progress').notNull().default(0),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }),
    /** Granted by payment test mode: it does not count once live payments are on. */
    isTestPayment: boolean('is_test_payment').notNull().default(false),
    /**
     * The last "your access ends" mail: how many days before the end it was sent for (0 = the
     * day it ended), and which end it was about; a renewal moves `expiresAt`, so the next end
     * is told afresh.
     */
    endingNoticeDays: integer('ending_notice_days'),
    endingNoticeFor: timestamp('ending_notice_for', { withTimezone: true }),
    /**
     * The silence a "we are here when you want to come back" mail was sent (or, switched off or
     * at risk, decided against) for: the last visit it followed, so each silence is weighed once.
     */
    silenceNoticeFor: timestamp('silence_notice_for', { withTimezone: true }),
  },
  (table) => [
    unique('course_enrollments_user_course_key').on(table.userId, table.courseId),
    check('course_enrollments_progress_range', sql`${table.progress} between 0 and 100`),
  ],
);

export const accessSources = [
  'purchase',
  'bundle',
  'subscription',
  'beta',
  'admin',
  'refund',
] as const;
export type AccessSource = (typeof accessSources)[number];

export const accessActions = [
  'grant',
  'revoke',
  'extend',
  'open-module',
  'withdraw-opening',
] as const;
export type AccessAction = (typeof accessActions)[number];

/** Every grant and revoke of course access, and where it came from. */
export const accessEvents = pgTable(
  'access_events',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    action: text('action', { enum: accessActions }).notNull(),
    source: text('source', { enum: accessSources }).notNull(),
    /** What caused it: a Checkout session id, a charge id, a subscription id, a beta code. */
    reference: text('reference'),
    actorId: text('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('access_events_user_idx').on(table.userId)],
);
