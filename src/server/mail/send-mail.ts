import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailMode } from '../config.ts';
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

/**
 * Mail over SMTP_URL; otherwise kept in the outbox for the admins' Outbox view, and in console
 * mode (outside production) also printed whole to the log, links included, as mail libraries'
 * console transports do, so a developer can follow a confirmation or reset link.
 */
export function createMailer(config: MailConfig, db: Database, log: FastifyBaseLogger): Mailer {
  if (config.mode === 'smtp' && config.smtpUrl)
    return createSmtpMailer(config.smtpUrl, config.from, log);
  const isPrinted = config.mode === 'console';
  return {
    send: async (message) => {
      const [kept] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      if (isPrinted) {
        log.info({ outboxId: kept?.id }, printedMail(message));
        return;
      }
      // Never the text (it may hold a reset or confirmation link), nor the address: the log
      // outlives a deleted account.
      log.info({ outboxId: kept?.id, subject: message.subject }, 'mail kept in the outbox');
    },
    close: () => {},
  };
}

/** A mail as the console shows it: headers, a blank line, the text. */
export function printedMail({ to, subject, text }: MailMessage): string {
  return `mail (not sent: MAIL_MODE=console)\nTo: ${to}\nSubject: ${subject}\n\n${text}`;
}

function createSmtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message) => {
      const { messageId } = await transport.sendMail({ from, ...message });
      log.info({ messageId, subject: message.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}
