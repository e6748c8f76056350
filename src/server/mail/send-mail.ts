import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailMode } from '../config.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox, type MailAttachment } from '../db/schema/mail.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { deleteOutboxMail, describeOutboxMail, requeueOutboxMail } from './outbox.ts';

export type { MailAttachment };

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** Headers beyond the usual, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Keeps the mail (and queues it, with SMTP); answers its outbox row's id. */
  send: (message: MailMessage) => Promise<number>;
  close: () => void;
}

interface MailConfig {
  mode: MailMode;
  smtpUrl: string | undefined;
  from: string;
}

/**
 * Visitor-written text a mail may carry: one line, short, without control or bidi characters, so
 * it cannot pass for our own words.
 */
export function singleLine(text: string, maxLength = 100): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength);
}

/** A person's name in a mail body: one line, whatever the account's fields hold. */
export function nameForMail({ firstName, lastName }: { firstName: string; lastName: string }) {
  return singleLine(`${firstName} ${lastName}`);
}

/** The queue every mail to SMTP goes through: tried again with doubling delays, about a day in all. */
export const MAIL_QUEUE = 'mail';
export const mailQueueSettings = { retryLimit: 10, retryDelaySeconds: 60, expireInSeconds: 120 };

/**
 * Every mail is written to the outbox table first. With SMTP, a job on the queue (written in the
 * same transaction) sends it, and tries again while SMTP is down, so a mail is never lost. Without
 * it, the outbox is where the mail ends, for the admins' Outbox view; in console mode (outside
 * production) it is also printed whole to the log, links included, as mail libraries' console
 * transports do, so a developer can follow a confirmation or reset link.
 */
export function createMailer(
  config: MailConfig,
  db: Database,
  log: FastifyBaseLogger,
  jobs: JobQueue,
): Mailer {
  if (config.mode === 'smtp' && config.smtpUrl)
    return createSmtpMailer(config.smtpUrl, config.from, db, log, jobs);
  const isPrinted = config.mode === 'console';
  return {
    send: async (message) => {
      const [kept] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      if (isPrinted) {
        log.info({ outboxId: kept?.id }, printedMail(message));
        return kept!.id;
      }
      // Never the text (it may hold a reset or confirmation link), nor the address: the log
      // outlives a deleted account.
      log.info({ outboxId: kept?.id, subject: message.subject }, 'mail kept in the outbox');
      return kept!.id;
    },
    close: () => {},
  };
}

/** A mail as the console shows it: headers, a blank line, the text. */
export function printedMail({ to, subject, text }: MailMessage): string {
  return `mail (not sent: MAIL_MODE=console)\nTo: ${to}\nSubject: ${subject}\n\n${text}`;
}

function createSmtpMailer(
  smtpUrl: string,
  from: string,
  db: Database,
  log: FastifyBaseLogger,
  jobs: JobQueue,
): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  jobs.define<{ outboxId: number }>(
    MAIL_QUEUE,
    mailQueueSettings,
    async ({ data, isLastAttempt }) => {
      const mail = await db.query.mailOutbox.findFirst({
        where: (row, { eq }) => eq(row.id, data.outboxId),
      });
      // Gone with a deleted account, or sent by an attempt that stopped before it could say so.
      if (!mail || mail.status === 'sent') return;
      try {
        const { messageId } = await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: mail.attachments ?? undefined,
          headers: mail.headers ?? undefined,
        });
        await recordAttempt(db, mail.id, { status: 'sent', sentAt: new Date(), lastError: null });
        log.info({ messageId, outboxId: mail.id, subject: mail.subject }, 'mail sent');
      } catch (error) {
        const lastError = error instanceof Error ? error.message : String(error);
        await recordAttempt(db, mail.id, {
          status: isLastAttempt ? 'failed' : 'queued',
          lastError,
        });
        throw error;
      }
    },
    {
      describe: ({ outboxId }) => describeOutboxMail(db, outboxId),
      onRetry: ({ outboxId }) => requeueOutboxMail(db, outboxId),
      onDiscard: ({ outboxId }) => deleteOutboxMail(db, outboxId),
    },
  );
  return {
    send: async (message) => {
      const client = await db.$client.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query<{ id: number }>(
          `insert into mail_outbox ("to", subject, text, attachments, headers, status)
           values ($1, $2, $3, $4, $5, 'queued') returning id`,
          [
            message.to,
            message.subject,
            message.text,
            message.attachments ? JSON.stringify(message.attachments) : null,
            message.headers ? JSON.stringify(message.headers) : null,
          ],
        );
        await jobs.send(MAIL_QUEUE, { outboxId: rows[0]!.id }, { db: client });
        await client.query('commit');
        jobs.wake(MAIL_QUEUE);
        log.info({ outboxId: rows[0]!.id, subject: message.subject }, 'mail queued');
        return rows[0]!.id;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => transport.close(),
  };
}

async function recordAttempt(
  db: Database,
  id: number,
  outcome: Pick<typeof mailOutbox.$inferInsert, 'status' | 'sentAt' | 'lastError'>,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ ...outcome, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(eq(mailOutbox.id, id));
}
