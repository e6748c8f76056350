import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
