import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';
import { mailOutbox, type MailAttachment } from '../db/schema/mail.ts';

export type { MailAttachment };

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
}

interface MailConfig {
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

/** Mail over SMTP_URL; without it, messages go to the outbox table and the log. */
export function createMailer(config: MailConfig, db: Database, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      send: async (message) => {
        const [kept] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
        // Never the text (it may hold a reset or verification link), nor the address: the log
        // outlives a deleted account.
        log.info(
          { outboxId: kept?.id, subject: message.subject },
          'no SMTP_URL: mail kept in the outbox',
        );
      },
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    send: async (message) => {
      const { messageId } = await transport.sendMail({ from: config.from, ...message });
      log.info({ messageId, subject: message.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}
