import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';

/** Forgets the kept copies of mail to an address whose account is deleted. */
export async function deleteOutboxMailTo(tx: Executor, email: string): Promise<void> {
  await tx.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, email.toLowerCase()));
}
