import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { BetaGrantView } from '../../shared/api/beta.ts';
import { addDays, betaLimits, betaMessages } from '../../shared/rules/beta.ts';
import type { Transaction } from '../db/client.ts';
import { betaGrants } from '../db/schema/beta.ts';
import { AppError } from '../http/errors.ts';
import { recordBetaEvent, toBetaGrantView, type BetaGrant } from './grant-beta-access.ts';

async function updateGrant(
  app: FastifyInstance,
  grantId: string,
  change: (tx: Transaction, grant: BetaGrant) => Promise<BetaGrant>,
): Promise<BetaGrantView> {
  const updated = await app.db.transaction(async (tx) => {
    const [grant] = await tx
      .select()
      .from(betaGrants)
      .where(eq(betaGrants.id, grantId))
      .for('update');
    if (!grant) throw new AppError('not_found', betaMessages.grantNotFound);
    return change(tx, grant);
  });
  return toBetaGrantView(updated);
}

export async function deactivateBetaGrant(
  app: FastifyInstance,
  admin: SessionUser,
  grantId: string,
): Promise<BetaGrantView> {
  return updateGrant(app, grantId, async (tx, grant) => {
    if (!grant.isActive) return grant;
    const [ended] = await tx
      .update(betaGrants)
      .set({ isActive: false, endedAt: new Date(), endReason: 'deactivated' })
      .where(eq(betaGrants.id, grant.id))
      .returning();
    await recordBetaEvent(tx, app.catalogue, grant, 'revoke', admin.id);
    return ended!;
  });
}

/** Adds 30 days (from the later of now and the old expiry) and reactivates the grant. */
export async function extendBetaGrant(
  app: FastifyInstance,
  admin: SessionUser,
  grantId: string,
): Promise<BetaGrantView> {
  return updateGrant(app, grantId, async (tx, grant) => {
    const now = new Date();
    const from =
      grant.expiresAt && grant.expiresAt.getTime() > now.getTime() ? grant.expiresAt : now;
    const [extended] = await tx
      .update(betaGrants)
      .set({
        isActive: true,
        expiresAt: grant.expiresAt === null ? null : addDays(from, betaLimits.extensionDays),
        endedAt: null,
        endReason: null,
      })
      .where(eq(betaGrants.id, grant.id))
      .returning();
    await recordBetaEvent(tx, app.catalogue, grant, 'extend', admin.id);
    return extended!;
  });
}
