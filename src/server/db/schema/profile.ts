import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export interface NotificationPreferences {
  email_notifications: boolean;
  course_updates: boolean;
  marketing_emails: boolean;
}

export const defaultNotificationPreferences: NotificationPreferences = {
  email_notifications: true,
  course_updates: true,
  marketing_emails: false,
};

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
  themePreference: text('theme_preference', { enum: ['light', 'dark'] })
    .notNull()
    .default('light'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
