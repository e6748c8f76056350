import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import { coveredCourseIds } from '../../shared/rules/beta.ts';
import { hasAccessEvent } from '../access/enrollments.ts';
import { betaGrants } from '../db/schema/beta.ts';
import { recordBetaEvent } from './grant-beta-access.ts';

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
      const covered = coveredCourseIds(grant.courseIds, allCourseIds);
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

/** Whether this checkout of the caller's ended beta access: the audit trail names it. */
export async function getBetaUpgradeStatus(
  app: FastifyInstance,
  caller: SessionUser,
  checkoutId: string,
): Promise<{ upgraded: boolean }> {
  const upgraded = await hasAccessEvent(app.db, {
    userId: caller.id,
    source: 'beta',
    action: 'revoke',
    reference: checkoutId,
  });
  return { upgraded };
}
