import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';

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
