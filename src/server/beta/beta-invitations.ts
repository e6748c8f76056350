import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { BetaInvitationView, createBetaInvitationSchema } from '../../shared/api/beta.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { addDays, betaAccessType, betaMessages } from '../../shared/rules/beta.ts';
import { betaInvitations, pendingBetaGrants } from '../db/schema/beta.ts';
import { AppError } from '../http/errors.ts';
import type { MailMessage } from '../mail/send-mail.ts';
import { findConfirmedEmail } from '../users/find-users.ts';
import { createBetaGrantsWithin, requireKnownCourses } from './grant-beta-access.ts';

type BetaInvitation = typeof betaInvitations.$inferSelect;

/**
 * Invites an email address (one unclaimed invitation per address, case-insensitive) and mails it
 * a link to register; the access starts when that address registers or signs in.
 */
export async function createBetaInvitation(
  app: FastifyInstance,
  admin: SessionUser,
  input: z.output<typeof createBetaInvitationSchema>,
): Promise<BetaInvitationView> {
  requireKnownCourses(app.catalogue, input.courseIds);
  const now = new Date();
  const [invitation] = await app.db
    .insert(betaInvitations)
    .values({
      email: input.email.toLowerCase(),
      courseIds: [...new Set(input.courseIds)],
      invitedAt: now,
      expiresAt: addDays(now, input.durationDays),
      invitedBy: admin.id,
    })
    .onConflictDoNothing()
    .returning();
  if (!invitation) {
    throw new AppError('conflict', betaMessages.invitationExists, {
      email: betaMessages.invitationExists,
    });
  }
  await app.mailer.send(invitationEmail(app, invitation));
  return toBetaInvitationView(invitation);
}

export async function listBetaInvitations(app: FastifyInstance): Promise<BetaInvitationView[]> {
  const invitations = await app.db
    .select()
    .from(betaInvitations)
    .orderBy(desc(betaInvitations.invitedAt));
  return invitations.map(toBetaInvitationView);
}

/** What waits for an address to be confirmed: invitations, and grants by email (T4-M4). */
export async function claimBetaByAddress(app: FastifyInstance, userId: string): Promise<void> {
  await claimBetaInvitations(app, userId);
  await claimWaitingBetaGrants(app, userId);
}

/**
 * Claims the open invitations of the user's email: each becomes a beta grant 'email'. Only for a
 * confirmed address: registering someone else's address must not take their invitation. It runs
 * again once the address is confirmed (app.ts), so the claim follows the confirmation at once.
 */
export async function claimBetaInvitations(app: FastifyInstance, userId: string): Promise<number> {
  return app.db.transaction(async (tx) => {
    const email = await findConfirmedEmail(tx, userId);
    if (!email) return 0;
    const now = new Date();
    const claimed = await tx
      .update(betaInvitations)
      .set({ claimed: true, claimedAt: now, claimedByUserId: userId })
      .where(
        and(
          eq(betaInvitations.claimed, false),
          sql`${betaInvitations.email} = lower(${email})`,
          gt(betaInvitations.expiresAt, now),
        ),
      )
      .returning();
    for (const invitation of claimed) {
      await createBetaGrantsWithin(tx, app.catalogue, {
        userIds: [userId],
        courseIds: invitation.courseIds,
        expiresAt: invitation.expiresAt,
        grantedBy: invitation.invitedBy,
        method: 'email',
        actorId: userId,
      });
    }
    return claimed.length;
  });
}

function invitationEmail(app: FastifyInstance, invitation: BetaInvitation): MailMessage {
  const link = `${app.config.appUrl}/register?email=${encodeURIComponent(invitation.email)}`;
  const courses =
    betaAccessType(invitation.courseIds) === 'full'
      ? 'every course'
      : invitation.courseIds
          .map((courseId) => app.catalogue.getCourse(courseId)?.title ?? courseId)
          .join(', ');
  return {
    to: invitation.email,
    subject: `Your invitation to the ${PRODUCT_NAME} beta`,
    text: [
      `You are invited to test ${PRODUCT_NAME} as a beta tester, with access to ${courses}.`,
      `Create your account with this email address to start: ${link}`,
      `If you already have an account, sign in with this email address. The invitation and its access end on ${invitation.expiresAt.toUTCString()}.`,
    ].join('\n\n'),
  };
}

function toBetaInvitationView(invitation: BetaInvitation): BetaInvitationView {
  return {
    id: invitation.id,
    email: invitation.email,
    courseIds: invitation.courseIds,
    invitedAt: invitation.invitedAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    invitedBy: invitation.invitedBy,
    claimed: invitation.claimed,
    claimedAt: invitation.claimedAt?.toISOString() ?? null,
    claimedByUserId: invitation.claimedByUserId,
  };
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
