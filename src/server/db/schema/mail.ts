import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Messages kept when no SMTP server is configured, so an operator can still find them. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** Calendar files and the like, as text. */
  attachments: jsonb('attachments').$type<MailAttachment[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
