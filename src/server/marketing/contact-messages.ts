import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  INBOX_LIMIT,
  inboxMessages,
  type InboxItem,
  type InboxState,
} from '../../shared/api/inbox.ts';
import type { ContactMessage } from '../../shared/api/marketing.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { contactMessages } from '../db/schema/marketing.ts';
import { AppError } from '../http/errors.ts';
import { singleLine, type MailMessage } from '../mail/send-mail.ts';

/**
 * Keeps a visitor's message for the creator's Inbox and tells the creator's address
 * (CONTACT_EMAIL) that one arrived. Their words stay in the admin panel: anyone can type any
 * name and address into the form, so a mail carries neither their words nor a reply to them.
 */
export async function submitContactMessage(
  { db, mailer, config }: Pick<FastifyInstance, 'db' | 'mailer' | 'config'>,
  message: ContactMessage,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(contactMessages)
    .values(message)
    .returning({ id: contactMessages.id });
  if (config.contactEmail) await mailer.send(contactMessageArrivedEmail(config, message));
  return { id: row!.id };
}

function contactMessageArrivedEmail(
  config: Pick<Config, 'contactEmail' | 'appUrl'>,
  { name, email }: Pick<ContactMessage, 'name' | 'email'>,
): MailMessage {
  return {
    to: config.contactEmail!,
    subject: `New ${PRODUCT_NAME} message from ${singleLine(name, 60)}`,
    text: [
      `${singleLine(name)} <${singleLine(email, 254)}> wrote to you with the contact form.`,
      '',
      `Read their message in the admin panel's Inbox: ${config.appUrl}/admin?tab=inbox`,
    ].join('\n'),
  };
}

type ContactMessageRow = typeof contactMessages.$inferSelect;

function toInboxItem(row: ContactMessageRow): InboxItem {
  return {
    kind: 'contact-message',
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    state: row.state,
    name: row.name,
    email: row.email,
    refund: null,
    message: row.message,
  };
}

/** The messages as Inbox items, newest first; only those in `state` when given. */
export async function listContactMessageItems(
  db: Database,
  { state }: { state?: InboxState },
): Promise<InboxItem[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(state ? eq(contactMessages.state, state) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(INBOX_LIMIT);
  return rows.map(toInboxItem);
}

export async function setContactMessageState(
  db: Database,
  id: string,
  state: InboxState,
): Promise<InboxItem> {
  const [row] = await db
    .update(contactMessages)
    .set({ state, updatedAt: new Date() })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw new AppError('not_found', inboxMessages.notFound);
  return toInboxItem(row);
}

export async function countNewContactMessages(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contactMessages)
    .where(eq(contactMessages.state, 'new'));
  return row?.total ?? 0;
}
