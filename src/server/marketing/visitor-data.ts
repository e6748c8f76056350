import { asc, eq, sql, type Column } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { assessments, contactMessages, newsletterSubscriptions } from '../db/schema/marketing.ts';

const sameAddress = (column: Column, email: string) =>
  eq(sql`lower(${column})`, email.toLowerCase());

/**
 * The assessments, contact messages and newsletter subscription sent with this address, for its
 * owner's copy; none without a confirmed address.
 */
export async function exportVisitorData(db: Database, email: string | null) {
  if (email === null) return toVisitorExport([], [], []);
  const [answers, messages, subscriptions] = await Promise.all([
    db
      .select()
      .from(assessments)
      .where(sameAddress(assessments.email, email))
      .orderBy(asc(assessments.createdAt)),
    db
      .select()
      .from(contactMessages)
      .where(sameAddress(contactMessages.email, email))
      .orderBy(asc(contactMessages.createdAt)),
    db
      .select()
      .from(newsletterSubscriptions)
      .where(sameAddress(newsletterSubscriptions.email, email)),
  ]);
  return toVisitorExport(answers, messages, subscriptions);
}

function toVisitorExport(
  answers: (typeof assessments.$inferSelect)[],
  messages: (typeof contactMessages.$inferSelect)[],
  subscriptions: (typeof newsletterSubscriptions.$inferSelect)[],
) {
  return {
    assessments: answers.map(({ id: _id, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
    })),
    contactMessages: messages.map(({ name, email, message, createdAt }) => ({
      name,
      email,
      message,
      createdAt: createdAt.toISOString(),
    })),
    newsletter: {
      subscribed: subscriptions.length > 0,
      since: subscriptions[0]?.createdAt.toISOString() ?? null,
    },
  };
}

export async function deleteVisitorData(tx: Executor, email: string): Promise<void> {
  await tx.delete(assessments).where(sameAddress(assessments.email, email));
  await tx.delete(contactMessages).where(sameAddress(contactMessages.email, email));
  await tx.delete(newsletterSubscriptions).where(sameAddress(newsletterSubscriptions.email, email));
}
