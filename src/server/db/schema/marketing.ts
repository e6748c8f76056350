import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InboxState } from '../../../shared/api/inbox.ts';
import {
  READINESS_DEFAULT,
  type FacingDiscomfort,
  type TakeResponsibility,
  type TrueStatement,
} from '../../../shared/rules/assessment.ts';

/** Sacred assessments as visitors submit them (spec 1 §3); admins read them. */
export const assessments = pgTable(
  'assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    drawnToSovereignty: text('drawn_to_sovereignty').notNull(),
    sovereigntyMeaning: text('sovereignty_meaning').notNull(),
    takeResponsibility: text('take_responsibility').$type<TakeResponsibility>(),
    facingDiscomfort: text('facing_discomfort').$type<FacingDiscomfort>(),
    trueStatements: jsonb('true_statements').$type<TrueStatement[]>().notNull().default([]),
    noLongerAvailable: text('no_longer_available').notNull().default(''),
    greatestResistance: text('greatest_resistance').notNull().default(''),
    readinessScale: integer('readiness_scale').notNull().default(READINESS_DEFAULT),
    additionalThoughts: text('additional_thoughts').notNull().default(''),
    /** When an admin marked it answered; null while it waits. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When an admin closed it in the Inbox: nothing more to do. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('assessments_created_at_idx').on(table.createdAt)],
);

/** One row per address, whatever its letter case. */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('newsletter_subscriptions_email_idx').on(sql`lower(${table.email})`)],
);

/** A visitor's message from the contact form; the creator answers it from the Inbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    state: text('state').$type<InboxState>().notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);
