import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/auth.ts';

/**
 * Better Auth keeps a counter per client address and endpoint and never removes one. Its longest
 * window is ten minutes (auth.ts), so a counter untouched for a day counts nothing any more.
 */
export async function pruneAuthRateLimits(db: Database): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.lastRequest} < extract(epoch from now() - interval '1 day') * 1000`)
    .returning({ key: rateLimits.key });
  return removed.length;
}
