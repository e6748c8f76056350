import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../shared/api/auth.ts';
import type {
  BetaGrantView,
  MyBetaStatus,
  checkBetaAccessSchema,
  convertBetaToPaidSchema,
} from '../../shared/api/beta.ts';
import {
  courseAccessType,
  isBetaGrantActive,
  type BetaGrantFacts,
} from '../../shared/rules/access.ts';
import {
  addDays,
  betaAccessType,
  betaLimits,
  betaMessages,
  grantCovers,
} from '../../shared/rules/beta.ts';
import { getAccessFacts } from '../access/course-access.ts';
import type { Transaction } from '../access/enrollments.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { Database } from '../db/client.ts';
import { accessEvents } from '../db/schema/access.ts';
import { betaGrants } from '../db/schema/beta.ts';
import { AppError } from '../http/errors.ts';
import { hasAdminPowers } from '../http/guards.ts';
import { recordBetaEvent, toBetaGrantView, type BetaGrant } from './grant-beta-access.ts';

/**
 * The access rules' source of beta grants: a user's active grants. Grants past their expiry are
 * ended here, as they are met (spec 2 §4 'expired, checked on access').
 */
export function betaGrantFactsSource(catalogue: Catalogue) {
  return async (db: Database, userId: string): Promise<BetaGrantFacts[]> => {
    await expireLapsedGrants(db, catalogue, userId);
    return db
      .select({
        courseIds: betaGrants.courseIds,
        expiresAt: betaGrants.expiresAt,
        isActive: betaGrants.isActive,
      })
      .from(betaGrants)
      .where(and(eq(betaGrants.userId, userId), eq(betaGrants.isActive, true)));
  };
}

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

export async function listActiveGrants(app: FastifyInstance, userId: string): Promise<BetaGrant[]> {
  await expireLapsedGrants(app.db, app.catalogue, userId);
  return app.db
    .select()
    .from(betaGrants)
    .where(and(eq(betaGrants.userId, userId), eq(betaGrants.isActive, true)))
    .orderBy(sql`${betaGrants.expiresAt} desc nulls first`);
}

/** Beta Status: none, partial (listed courses) or full (every course). */
export async function getMyBetaStatus(
  app: FastifyInstance,
  user: SessionUser,
): Promise<MyBetaStatus> {
  const grants = await listActiveGrants(app, user.id);
  const accessType =
    grants.length === 0
      ? 'none'
      : grants.some((grant) => betaAccessType(grant.courseIds) === 'full')
        ? 'full'
        : 'partial';
  return { accessType, grants: grants.map((grant) => toBetaGrantView(grant)) };
}

export async function listAllGrants(app: FastifyInstance): Promise<BetaGrant[]> {
  await expireLapsedGrants(app.db, app.catalogue);
  return app.db.select().from(betaGrants).orderBy(desc(betaGrants.grantedAt));
}

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

/**
 * A paid upgrade: the user's beta grants for the bought courses end. A grant that also covers
 * other courses keeps those; one covering only bought courses ends as 'upgraded'.
 */
export async function endBetaGrantsForPurchase(
  app: FastifyInstance,
  {
    userId,
    courseIds,
    reference,
  }: { userId: string; courseIds: readonly string[]; reference?: string },
): Promise<string[]> {
  const allCourseIds = app.catalogue.courses.map((course) => course.id);
  return app.db.transaction(async (tx) => {
    const grants = await tx
      .select()
      .from(betaGrants)
      .where(and(eq(betaGrants.userId, userId), eq(betaGrants.isActive, true)))
      .for('update');
    const converted = new Set<string>();
    for (const grant of grants) {
      const covered = grant.courseIds.length > 0 ? grant.courseIds : allCourseIds;
      const bought = covered.filter((courseId) => courseIds.includes(courseId));
      if (bought.length === 0) continue;
      const rest = covered.filter((courseId) => !courseIds.includes(courseId));
      await tx
        .update(betaGrants)
        .set(
          rest.length === 0
            ? { isActive: false, endedAt: new Date(), endReason: 'upgraded' }
            : { courseIds: rest },
        )
        .where(eq(betaGrants.id, grant.id));
      await recordBetaEvent(tx, app.catalogue, grant, 'revoke', userId, bought, reference);
      for (const courseId of bought) converted.add(courseId);
    }
    return [...converted];
  });
}

/** Spec 1 §7: the caller's own beta access, or any user's for an admin. */
export async function checkBetaAccess(
  app: FastifyInstance,
  caller: SessionUser,
  input: z.output<typeof checkBetaAccessSchema>,
): Promise<{ hasBetaAccess: boolean }> {
  const userId = input.userId ?? caller.id;
  if (userId !== caller.id && !hasAdminPowers(caller)) {
    throw new AppError('forbidden', 'You may only act on your own account.');
  }
  const now = new Date();
  const grants = await listActiveGrants(app, userId);
  const hasBetaAccess = grants.some(
    (grant) =>
      isBetaGrantActive(grant, now) &&
      (input.courseId === undefined || grantCovers(grant.courseIds, input.courseId)),
  );
  return { hasBetaAccess };
}

/**
 * Spec 1 §7, for the caller's own account: ends their beta grants for courses they now hold as
 * paid (the checkout's fulfilment does the same); it never grants anything itself.
 */
export async function convertBetaToPaid(
  app: FastifyInstance,
  caller: SessionUser,
  input: z.output<typeof convertBetaToPaidSchema>,
): Promise<{ success: true; convertedCourseIds: string[] }> {
  if (input.userId !== undefined && input.userId !== caller.id) {
    throw new AppError('forbidden', 'You may only act on your own account.');
  }
  const requested = input.isBundle
    ? app.catalogue.courses.map((course) => course.id)
    : input.courseIds;
  if (requested.length === 0) {
    throw new AppError('bad_request', 'Please select at least one course', {
      courseIds: 'Please select at least one course',
    });
  }
  const facts = await getAccessFacts(app, { ...caller, role: 'user' });
  const paid = requested.filter((courseId) => courseAccessType(courseId, facts) === 'paid');
  if (paid.length === 0) {
    throw new AppError('conflict', 'Failed to convert beta user to paid');
  }
  const convertedCourseIds = await endBetaGrantsForPurchase(app, {
    userId: caller.id,
    courseIds: paid,
  });
  return { success: true, convertedCourseIds };
}

/** Whether this checkout of the caller's ended beta access: the audit trail names it. */
export async function getBetaUpgradeStatus(
  app: FastifyInstance,
  caller: SessionUser,
  sessionId: string,
): Promise<{ upgraded: boolean }> {
  const [event] = await app.db
    .select({ id: accessEvents.id })
    .from(accessEvents)
    .where(
      and(
        eq(accessEvents.userId, caller.id),
        eq(accessEvents.source, 'beta'),
        eq(accessEvents.action, 'revoke'),
        eq(accessEvents.reference, sessionId),
      ),
    )
    .limit(1);
  return { upgraded: event !== undefined };
}
