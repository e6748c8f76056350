import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountActions, adminReadSubjects } from '../../../shared/rules/admin.ts';
import {
  defaultNotificationPreferences,
  themePreferences,
  type NotificationPreferences,
} from '../../../shared/rules/account.ts';
import { users } from './auth.ts';

export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  avatarUrl: text('avatar_url'),
  bio: text('bio'),
  website: text('website'),
  notificationPreferences: jsonb('notification_preferences')
    .$type<NotificationPreferences>()
    .notNull()
    .default(defaultNotificationPreferences),
  themePreference: text('theme_preference', { enum: themePreferences }).notNull().default('light'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  /** Set by an admin: the account cannot sign in until an admin enables it again. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each time an admin read a learner's private text (reflections, the companion's conversation,
 * moods and patterns, settings): the learner sees these in their data export. The table keeps its
 * first name from when only reflections were read.
 */
export const adminReads = pgTable(
  'reflection_reads',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The admin; kept as text so the record outlives their account. */
    readerId: text('reader_id').notNull(),
    readerEmail: text('reader_email').notNull(),
    subject: text('subject', { enum: adminReadSubjects }).notNull().default('reflections'),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('reflection_reads_user_idx').on(table.userId)],
);

/** What an admin did to an account itself (its sessions, whether it may sign in), and who. */
export const accountEvents = pgTable(
  'account_events',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: accountActions }).notNull(),
    /** The admin; kept as text so the record outlives their account. */
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_events_user_idx').on(table.userId)],
);
