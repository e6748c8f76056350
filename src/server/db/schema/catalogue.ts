import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * "Tell me when it opens": one row per address and coming-soon course, mailed once when the
 * course is released. A learner's row follows their account; a visitor's holds only the address.
 */
export const releaseNotices = pgTable(
  'release_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: text('course_id').notNull(),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the address was confirmed: by the link in the mail, or by a confirmed account asking. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('release_notices_course_email_idx').on(table.courseId, sql`lower(${table.email})`),
    index('release_notices_waiting_idx')
      .on(table.courseId)
      .where(sql`notified_at is null`),
  ],
);
