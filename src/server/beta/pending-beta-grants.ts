import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';
import { pendingBetaGrants } from '../db/schema/beta.ts';
import { findConfirmedEmail } from '../users/find-users.ts';
import { createBetaGrantsWithin } from './grant-beta-access.ts';

export interface WaitingGrant {
  courseIds: string[];
  expiresAt: Date | null;
  grantedBy: string;
}

/**
 * A grant by email to an account whose address is not confirmed waits for the confirmation
 * (T4-M4): whoever registered a stranger's address must not receive what was meant for them.
 */
export async function holdGrantsUntilConfirmed(
  db: Executor,
  emails: readonly string[],
  grant: WaitingGrant,
): Promise<void> {
  if (emails.length === 0) return;
  await db.insert(pendingBetaGrants).values(
    emails.map((email) => ({
      email: email.toLowerCase(),
      courseIds: [...new Set(grant.courseIds)],
      expiresAt: grant.expiresAt,
      grantedBy: grant.grantedBy,
    })),
  );
}

/**
 * Once the account confirms its address (or signs in confirmed): each waiting grant of that
 * address becomes a beta grant, by the admin who made it. One that has ended meanwhile lapses.
 */
export async function claimWaitingBetaGrants(
  app: FastifyInstance,
  userId: string,
): Promise<number> {
  return app.db.transaction(async (tx) => {
    const email = await findConfirmedEmail(tx, userId);
    if (!email) return 0;
    const waiting = await tx
      .delete(pendingBetaGrants)
      .where(sql`${pendingBetaGrants.email} = lower(${email})`)
      .returning();
    const now = new Date();
    const current = waiting.filter((grant) => grant.expiresAt === null || grant.expiresAt > now);
    for (const grant of current) {
      await createBetaGrantsWithin(tx, app.catalogue, {
        userIds: [userId],
        courseIds: grant.courseIds,
        expiresAt: grant.expiresAt,
        grantedBy: grant.grantedBy,
        method: 'admin',
      });
    }
    return current.length;
  });
}
