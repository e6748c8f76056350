import { desc, eq } from 'drizzle-orm';
import type { BetaGrantView } from '../../shared/api/beta.ts';
import type { Database } from '../db/client.ts';
import { betaGrants } from '../db/schema/beta.ts';
import { toBetaGrantView } from './grant-beta-access.ts';

/** Every beta grant of one user, live and ended, newest first: the admin's view of a learner. */
export async function listUserBetaGrants(db: Database, userId: string): Promise<BetaGrantView[]> {
  const grants = await db
    .select()
    .from(betaGrants)
    .where(eq(betaGrants.userId, userId))
    .orderBy(desc(betaGrants.grantedAt));
  const now = new Date();
  return grants.map((grant) => toBetaGrantView(grant, now));
}
