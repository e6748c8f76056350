import { count, desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { newsletterSubscriptions } from '../db/schema/marketing.ts';
import { AppError } from '../http/errors.ts';
import { readSignedToken, signToken } from '../http/signed-token.ts';
import type { MailMessage } from '../mail/send-mail.ts';

type NewsletterContext = Pick<FastifyInstance, 'db' | 'mailer' | 'log' | 'config'>;

/**
 * Keeps the address once, whatever its letter case; subscribing again changes nothing. A new
 * subscriber gets a welcome mail, sent without making them wait for it.
 */
export async function subscribeToNewsletter(app: NewsletterContext, email: string): Promise<void> {
  const inserted = await app.db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  if (inserted.length === 0) return;
  void app.mailer.send(newsletterWelcomeEmail(app.config, email)).catch((error: unknown) => {
    app.log.error({ err: error }, 'could not send the newsletter welcome email');
  });
}

/** Every newsletter mail is built here, so each carries its own unsubscribe link. */
export function newsletterEmail(
  config: NewsletterContext['config'],
  message: MailMessage,
): MailMessage {
  const link = `${config.appUrl}/unsubscribe?token=${unsubscribeToken(config.authSecret, message.to)}`;
  return {
    ...message,
    text: `${message.text}\n\n--\nTo stop receiving these letters, unsubscribe here: ${link}`,
  };
}

function newsletterWelcomeEmail(config: NewsletterContext['config'], email: string) {
  return newsletterEmail(config, {
    to: email,
    subject: 'Welcome to the Sovereign Flame letters',
    text: [
      'Thank you for subscribing.',
      '',
      'You will hear from us when new courses open and when there is news from the programme.',
      '',
      'Sovereign Flame',
    ].join('\n'),
  });
}

const UNSUBSCRIBE = 'newsletter-unsubscribe';

/** The address and its HMAC: an unsubscribe link that works without signing in and cannot be forged. */
export function unsubscribeToken(secret: string, email: string): string {
  return signToken(secret, UNSUBSCRIBE, email.toLowerCase());
}

/** Removes the address the token names; a token already used changes nothing. */
export async function unsubscribeFromNewsletter(
  { db, config }: Pick<NewsletterContext, 'db' | 'config'>,
  token: string,
): Promise<void> {
  const address = readSignedToken(config.authSecret, UNSUBSCRIBE, token);
  if (address === null) {
    throw new AppError('bad_request', 'This unsubscribe link is not valid.', { token: 'invalid' });
  }
  await db
    .delete(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = ${address}`);
}

export async function listSubscribers(
  db: Database,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        email: newsletterSubscriptions.email,
        createdAt: newsletterSubscriptions.createdAt,
      })
      .from(newsletterSubscriptions)
      .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(newsletterSubscriptions),
  ]);
  return {
    subscribers: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: totals?.total ?? 0,
    page,
    pageSize,
  };
}

/** Every subscriber as CSV (email, subscribed_at), oldest first. */
export async function exportSubscribersCsv(db: Database): Promise<string> {
  const rows = await db
    .select({ email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .orderBy(newsletterSubscriptions.createdAt, newsletterSubscriptions.id);
  const lines = rows.map((row) => `${csvField(row.email)},${row.createdAt.toISOString()}`);
  return ['email,subscribed_at', ...lines].join('\r\n') + '\r\n';
}

/** Quotes a field, and defuses one a spreadsheet would run as a formula. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Every subscribed address: the creator's broadcast to the newsletter. */
export async function listSubscriberEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions);
  return rows.map((row) => row.email);
}
