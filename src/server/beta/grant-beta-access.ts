import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../shared/api/auth.ts';
import type {
  BetaGrantView,
  GrantBetaAccessResponse,
  grantBetaAccessSchema,
} from '../../shared/api/beta.ts';
import { isBetaGrantActive } from '../../shared/rules/access.ts';
import {
  addDays,
  betaLimits,
  betaMessages,
  coveredCourseIds,
  type GrantMethod,
} from '../../shared/rules/beta.ts';
import { recordAccessEvent, type AccessAction } from '../access/enrollments.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { Transaction } from '../db/client.ts';
import { betaGrants } from '../db/schema/beta.ts';
import { AppError } from '../http/errors.ts';
import { listExistingUserIds, listUsersByEmails } from '../users/find-users.ts';
import { holdGrantsUntilConfirmed } from './pending-beta-grants.ts';

export type BetaGrant = typeof betaGrants.$inferSelect;

export interface BetaGrantInput {
  userIds: string[];
  /** An empty list means every course. */
  courseIds: string[];
  /** null never ends. */
  expiresAt: Date | null;
  grantedBy: string | null;
  method: GrantMethod;
  betaCodeUsed?: string;
  /** Who is recorded as acting, when not the granter (a learner redeeming a code). */
  actorId?: string;
}

/**
 * One beta grant for each user, recorded in the access audit trail, in one transaction.
 * Unknown course ids and unknown users are refused before anything is written.
 */
export async function createBetaGrants(
  app: FastifyInstance,
  input: BetaGrantInput,
): Promise<BetaGrant[]> {
  return app.db.transaction((tx) => createBetaGrantsWithin(tx, app.catalogue, input));
}

export async function createBetaGrantsWithin(
  tx: Transaction,
  catalogue: Catalogue,
  input: BetaGrantInput,
): Promise<BetaGrant[]> {
  requireKnownCourses(catalogue, input.courseIds);
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0) return [];
  const found = await listExistingUserIds(tx, userIds);
  if (found.length !== userIds.length) throw new AppError('not_found', 'User not found');

  const courseIds = [...new Set(input.courseIds)];
  const grants = await tx
    .insert(betaGrants)
    .values(
      userIds.map((userId) => ({
        userId,
        courseIds,
        expiresAt: input.expiresAt,
        grantedBy: input.grantedBy,
        grantMethod: input.method,
        betaCodeUsed: input.betaCodeUsed ?? null,
      })),
    )
    .returning();
  const actorId = input.actorId ?? input.grantedBy;
  for (const grant of grants) await recordBetaEvent(tx, catalogue, grant, 'grant', actorId);
  return grants;
}

/**
 * The spec 1 §7 endpoint: an admin grants one user beta access (30 days unless told). Named by
 * address, an account that has not confirmed it gets the access once it does.
 */
export async function grantBetaAccess(
  app: FastifyInstance,
  admin: SessionUser,
  input: z.output<typeof grantBetaAccessSchema>,
): Promise<GrantBetaAccessResponse> {
  const expiresAt =
    input.expiresAt === undefined
      ? addDays(new Date(), input.durationDays ?? betaLimits.accessDays.default)
      : input.expiresAt === null
        ? null
        : new Date(input.expiresAt);
  const recipient = await requireRecipient(app, input);
  if (!recipient.isConfirmed) {
    requireKnownCourses(app.catalogue, input.courseIds);
    await holdGrantsUntilConfirmed(app.db, [recipient.email], {
      courseIds: input.courseIds,
      expiresAt,
      grantedBy: admin.id,
    });
    return { success: true, grant: null, waitingForConfirmation: true };
  }
  const [grant] = await createBetaGrants(app, {
    userIds: [recipient.id],
    courseIds: input.courseIds,
    expiresAt,
    grantedBy: admin.id,
    method: 'admin',
  });
  return { success: true, grant: toBetaGrantView(grant!), waitingForConfirmation: false };
}

/**
 * The user named by id, or by the address of their account. An admin who names the id chose the
 * account itself; an address is only theirs once confirmed.
 */
async function requireRecipient(
  app: FastifyInstance,
  input: { userId?: string; email?: string },
): Promise<{ id: string; email: string; isConfirmed: boolean }> {
  if (input.userId !== undefined) return { id: input.userId, email: '', isConfirmed: true };
  if (input.email === undefined) {
    throw new AppError('bad_request', betaMessages.userIdRequired, {
      userId: betaMessages.userIdRequired,
    });
  }
  const [user] = await listUsersByEmails(app.db, [input.email]);
  if (!user) throw new AppError('not_found', 'User not found', { email: 'User not found' });
  return { id: user.id, email: user.email, isConfirmed: user.emailVerified };
}

export function requireKnownCourses(catalogue: Catalogue, courseIds: readonly string[]): void {
  const unknown = courseIds.find((courseId) => !catalogue.getCourse(courseId));
  if (unknown) {
    throw new AppError('bad_request', betaMessages.courseNotFound(unknown), {
      courseIds: betaMessages.courseNotFound(unknown),
    });
  }
}

/** One audit record per course the grant covers (every course of the catalogue for a full grant). */
export async function recordBetaEvent(
  tx: Transaction,
  catalogue: Catalogue,
  grant: Pick<BetaGrant, 'id' | 'userId' | 'courseIds'>,
  action: AccessAction,
  actorId: string | null,
  courseIds: readonly string[] = grant.courseIds,
  /** What caused it; the grant itself unless told (a paid upgrade names its checkout). */
  reference: string = grant.id,
): Promise<void> {
  const allCourseIds = catalogue.courses.map((course) => course.id);
  for (const courseId of coveredCourseIds(courseIds, allCourseIds)) {
    await recordAccessEvent(tx, {
      userId: grant.userId,
      courseId,
      action,
      source: 'beta',
      reference,
      actorId: actorId ?? undefined,
    });
  }
}

export function toBetaGrantView(grant: BetaGrant, now = new Date()): BetaGrantView {
  return {
    id: grant.id,
    userId: grant.userId,
    courseIds: grant.courseIds,
    grantedAt: grant.grantedAt.toISOString(),
    expiresAt: grant.expiresAt?.toISOString() ?? null,
    grantedBy: grant.grantedBy,
    grantMethod: grant.grantMethod,
    betaCodeUsed: grant.betaCodeUsed,
    isActive: isBetaGrantActive(grant, now),
    endReason: grant.endReason ?? (isBetaGrantActive(grant, now) ? null : 'expired'),
  };
}
