import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { betaGrants, betaInvitations, pendingBetaGrants } from '../db/schema/beta.ts';

/**
 * The learner's beta grants and the invitations sent to their address, for their own copy; no
 * invitations without a confirmed address.
 */
export async function exportBetaData(db: Database, userId: string, email: string | null) {
  const [grants, invitations] = await Promise.all([
    db
      .select()
      .from(betaGrants)
      .where(eq(betaGrants.userId, userId))
      .orderBy(asc(betaGrants.grantedAt)),
    email === null
      ? []
      : db
          .select()
          .from(betaInvitations)
          .where(eq(betaInvitations.email, email.toLowerCase()))
          .orderBy(asc(betaInvitations.invitedAt)),
  ]);
  return {
    betaGrants: grants.map((grant) => ({
      courseIds: grant.courseIds,
      grantMethod: grant.grantMethod,
      grantedAt: grant.grantedAt.toISOString(),
      expiresAt: grant.expiresAt?.toISOString() ?? null,
      isActive: grant.isActive,
    })),
    betaInvitations: invitations.map((invitation) => ({
      courseIds: invitation.courseIds,
      invitedAt: invitation.invitedAt.toISOString(),
      claimedAt: invitation.claimedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Before an account is deleted: invitations and grants waiting for confirmation of its address
 * go (grants cascade with the user).
 */
export async function deleteBetaOffersTo(tx: Executor, email: string): Promise<void> {
  await tx.delete(betaInvitations).where(eq(betaInvitations.email, email.toLowerCase()));
  await tx.delete(pendingBetaGrants).where(eq(pendingBetaGrants.email, email.toLowerCase()));
}
