import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { grantMethods } from '../../../shared/rules/beta.ts';
import { users } from './auth.ts';

/** A code a learner redeems for beta access (spec 2 §3); stored in upper case. */
export const betaCodes = pgTable(
  'beta_codes',
  {
    code: text('code').primaryKey(),
    /** An empty list means every course. */
    courseIds: text('course_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    maxUses: integer('max_uses').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    description: text('description'),
  },
  (table) => [
    check('beta_codes_max_uses_range', sql`${table.maxUses} between 1 and 1000`),
    check('beta_codes_used_count_range', sql`${table.usedCount} between 0 and ${table.maxUses}`),
  ],
);

export const betaGrantEndReasons = ['expired', 'deactivated', 'upgraded'] as const;

/** Time-limited beta access to courses for one user (spec 2 §3, §4). */
export const betaGrants = pgTable(
  'beta_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** An empty list means every course. */
    courseIds: text('course_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    /** null never ends. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    grantedBy: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantMethod: text('grant_method', { enum: grantMethods }).notNull(),
    betaCodeUsed: text('beta_code_used'),
    isActive: boolean('is_active').notNull().default(true),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: betaGrantEndReasons }),
  },
  (table) => [index('beta_grants_user_idx').on(table.userId)],
);

/** An invitation by email, claimed when that address registers or signs in. */
export const betaInvitations = pgTable(
  'beta_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored in lower case. */
    email: text('email').notNull(),
    courseIds: text('course_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the access ends; an invitation not claimed by then lapses. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    claimed: boolean('claimed').notNull().default(false),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedByUserId: text('claimed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    // One unclaimed invitation per email.
    uniqueIndex('beta_invitations_unclaimed_email_key')
      .on(table.email)
      .where(sql`not ${table.claimed}`),
  ],
);

/**
 * A grant by email to an account that has not confirmed its address yet: it waits, and becomes a
 * beta grant when that address is confirmed (decision 019: an address belongs to whoever confirms
 * it). Kept by address, as invitations are.
 */
export const pendingBetaGrants = pgTable(
  'pending_beta_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored in lower case. */
    email: text('email').notNull(),
    /** An empty list means every course. */
    courseIds: text('course_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** null never ends. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    grantedBy: text('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pending_beta_grants_email_idx').on(table.email)],
);
