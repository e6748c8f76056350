import { and, eq, lte } from 'drizzle-orm';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { Database } from '../db/client.ts';
import { betaGrants } from '../db/schema/beta.ts';
import { recordBetaEvent } from './grant-beta-access.ts';

/** Ends the grants past their expiry (one user's, or everyone's), each recorded as a revoke. */
export async function expireLapsedGrants(
  db: Database,
  catalogue: Catalogue,
  userId?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const ended = await tx
      .update(betaGrants)
      .set({ isActive: false, endedAt: now, endReason: 'expired' })
      .where(
        and(
          eq(betaGrants.isActive, true),
          lte(betaGrants.expiresAt, now),
          userId ? eq(betaGrants.userId, userId) : undefined,
        ),
      )
      .returning();
    for (const grant of ended) await recordBetaEvent(tx, catalogue, grant, 'revoke', null);
  });
}
