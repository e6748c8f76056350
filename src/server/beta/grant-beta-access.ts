import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { BetaGrantView, grantBetaAccessSchema } from '../../shared/api/beta.ts';
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
import { findUserIdByEmail, listExistingUserIds } from '../users/find-users.ts';

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

/** The spec 1 §7 endpoint: an admin grants one user beta access (30 days unless told). */
export async function grantBetaAccess(
  app: FastifyInstance,
  admin: SessionUser,
  input: z.output<typeof grantBetaAccessSchema>,
): Promise<{ success: true; grant: BetaGrantView }> {
  const expiresAt =
    input.expiresAt === undefined
      ? addDays(new Date(), input.durationDays ?? betaLimits.accessDays.default)
      : input.expiresAt === null
        ? null
        : new Date(input.expiresAt);
  const [grant] = await createBetaGrants(app, {
    userIds: [await requireRecipientId(app, input)],
    courseIds: input.courseIds,
    expiresAt,
    grantedBy: admin.id,
    method: 'admin',
  });
  return { success: true, grant: toBetaGrantView(grant!) };
}

/** The user named by id, or by the address of their account. */
async function requireRecipientId(
  app: FastifyInstance,
  input: { userId?: string; email?: string },
): Promise<string> {
  if (input.userId !== undefined) return input.userId;
  if (input.email === undefined) {
    throw new AppError('bad_request', betaMessages.userIdRequired, {
      userId: betaMessages.userIdRequired,
    });
  }
  const userId = await findUserIdByEmail(app.db, input.email);
  if (!userId) throw new AppError('not_found', 'User not found', { email: 'User not found' });
  return userId;
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
