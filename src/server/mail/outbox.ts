import { count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { OutboxMail } from '../../shared/api/mail.ts';
import type { Database, Executor } from '../db/client.ts';
import { mailOutbox, type MailAttachment } from '../db/schema/mail.ts';
import { hideSignInLinks } from './hide-sign-in-links.ts';

/**
 * Forgets the kept copies of mail to an address whose account is deleted, and of mail that names
 * it (a refund request to the operator).
 */
export async function deleteOutboxMailAbout(tx: Executor, email: string): Promise<void> {
  const address = email.toLowerCase();
  await tx
    .delete(mailOutbox)
    .where(
      or(
        eq(sql`lower(${mailOutbox.to})`, address),
        sql`strpos(lower(${mailOutbox.text}), ${address}) > 0`,
      ),
    );
}

/** How long the outbox keeps a copy of a mail without SMTP: long enough for an operator to look. */
export const OUTBOX_KEEP_DAYS = 7;

/**
 * The hourly prune: copies older than OUTBOX_KEEP_DAYS go, once sent or kept; a mail still
 * queued or failed stays until it is sent or an admin discards it.
 */
export async function pruneMailOutbox(db: Database): Promise<number> {
  const removed = await db
    .delete(mailOutbox)
    .where(
      sql`${mailOutbox.createdAt} < now() - make_interval(days => ${OUTBOX_KEEP_DAYS})
          and ${mailOutbox.status} in ('sent', 'kept')`,
    )
    .returning({ id: mailOutbox.id });
  return removed.length;
}

/** Copies of mail carrying a link under this path, once the link has expired. */
export async function deleteOutboxMailWithExpiredLink(
  db: Database,
  { linkPath, lifetimeSeconds }: { linkPath: string; lifetimeSeconds: number },
): Promise<number> {
  const removed = await db
    .delete(mailOutbox)
    .where(
      sql`strpos(${mailOutbox.text}, ${linkPath}) > 0
          and ${mailOutbox.createdAt} < now() - make_interval(secs => ${lifetimeSeconds})`,
    )
    .returning({ id: mailOutbox.id });
  return removed.length;
}

/** One kept mail whole, links and all: for an admin's Reveal, which the caller records. */
export async function findOutboxMail(db: Database, mailId: number): Promise<OutboxMail | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
  return row ? toOutboxMail(row, { text: row.text, hasHiddenLink: false }) : null;
}

function toOutboxMail(
  row: typeof mailOutbox.$inferSelect,
  shown: Pick<OutboxMail, 'text' | 'hasHiddenLink'>,
): OutboxMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    ...shown,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    attachments: (row.attachments ?? []).map(({ filename, contentType }) => ({
      filename,
      contentType,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A page of the kept mail, newest first, for the admins' Outbox. */
export async function listOutboxMail(
  db: Database,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ mails: OutboxMail[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(mailOutbox),
  ]);
  return {
    mails: rows.map((row) => toOutboxMail(row, hideSignInLinks(row.text))),
    total: totals?.total ?? 0,
  };
}

/** One attachment of a kept mail, by its place in the mail's list. */
export async function findOutboxAttachment(
  db: Database,
  { id, index }: { id: number; index: number },
): Promise<MailAttachment | undefined> {
  const mail = await db.query.mailOutbox.findFirst({
    where: (row, { eq }) => eq(row.id, id),
    columns: { attachments: true },
  });
  return mail?.attachments?.[index];
}

/** A mail of the outbox in a line, for the dead-letter list; without its text. */
export async function describeOutboxMail(db: Database, id: number): Promise<string | undefined> {
  const mail = await db.query.mailOutbox.findFirst({
    where: (row, { eq }) => eq(row.id, id),
    columns: { to: true, subject: true },
  });
  return mail && `Mail to ${mail.to}: ${mail.subject}`;
}

/** After an admin retries a mail's failed job: the Outbox shows it queued again. */
export async function requeueOutboxMail(db: Database, id: number): Promise<void> {
  await db.update(mailOutbox).set({ status: 'queued' }).where(eq(mailOutbox.id, id));
}

/** After an admin discards a mail's failed job: it is gone from the Outbox too. */
export async function deleteOutboxMail(db: Database, id: number): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
}

/** The outbox's mail by status (queued, sent, failed after its last retry, kept): for metrics. */
export async function countOutboxByStatus(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, count: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

/**
 * How the mails of these outbox rows fared: delivered (sent over SMTP, or kept where there is no
 * SMTP), still queued or retrying, or failed after their last attempt. Rows pruned are not counted.
 */
export async function countOutboxOutcomes(
  db: Database,
  ids: readonly number[],
): Promise<{ delivered: number; queued: number; failed: number }> {
  const outcome = { delivered: 0, queued: 0, failed: 0 };
  if (ids.length === 0) return outcome;
  const rows = await db
    .select({ status: mailOutbox.status, count: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, [...ids]))
    .groupBy(mailOutbox.status);
  for (const row of rows) {
    if (row.status === 'failed') outcome.failed += row.count;
    else if (row.status === 'queued') outcome.queued += row.count;
    else outcome.delivered += row.count;
  }
  return outcome;
}
