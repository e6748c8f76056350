import { mailStatuses } from '../../../shared/api/mail.ts';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Text, or with `encoding: 'base64'` the bytes of a binary file (an invoice's PDF). */
  content: string;
  encoding?: 'base64';
}

/**
 * queued: waiting for the queue's worker to send it (again, after a failure); sent: handed to
 * SMTP; kept: not sent (MAIL_MODE outbox or console), kept here for admins to read; failed:
 * every attempt failed, waiting in the dead-letter list for an admin to retry or discard.
 */
export type MailStatus = (typeof mailStatuses)[number];

/**
 * Every mail the app writes: kept when no SMTP server is configured, so an operator can still
 * find them; queued, sent or failed when one is.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** Calendar files and the like as text; PDFs in base64. */
  attachments: jsonb('attachments').$type<MailAttachment[]>(),
  /** Headers beyond the usual, such as List-Unsubscribe. */
  headers: jsonb('headers').$type<Record<string, string>>(),
  status: text('status', { enum: mailStatuses }).notNull().default('kept'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
