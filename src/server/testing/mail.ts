import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';

/**
 * The newest message to an address in the outbox (with this subject), waiting briefly: mail is
 * sent off the request.
 */
export async function waitForMailTo(db: Database, email: string, subject?: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), subject ? eq(mailOutbox.subject, subject) : undefined))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail for ${email}`);
}
