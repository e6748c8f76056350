import type { Database } from '../db/client.ts';
import { newsletterSubscriptions } from '../db/schema/marketing.ts';

/** Keeps the address once, whatever its letter case; subscribing again changes nothing. */
export async function subscribeToNewsletter(db: Database, email: string): Promise<void> {
  await db.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
}
