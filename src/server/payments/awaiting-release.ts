import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CourseAwaitingRelease } from '../access/access-sources.ts';
import { recordAccessEvent } from '../access/enrollments.ts';
import type { PaymentMode } from '../config.ts';
import type { Database } from '../db/client.ts';
import { checkoutSessions } from '../db/schema/payments.ts';

const isPaidAndKept = and(
  isNotNull(checkoutSessions.fulfilledAt),
  isNull(checkoutSessions.refundedAt),
);

/**
 * Access's source of the courses a learner's paid bundles include but that are not released yet:
 * theirs, opening at release, each with the purchase that includes it. In live mode a test-mode
 * bundle counts for nothing, as its other access does not.
 */
export function awaitingReleaseSource(paymentMode: PaymentMode) {
  return async (db: Database, userId: string): Promise<CourseAwaitingRelease[]> => {
    const purchases = await db
      .select({
        id: checkoutSessions.id,
        courseIds: checkoutSessions.awaitingReleaseCourseIds,
        fulfilledAt: checkoutSessions.fulfilledAt,
      })
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.userId, userId),
          isPaidAndKept,
          paymentMode === 'live' ? eq(checkoutSessions.mode, 'stripe') : undefined,
        ),
      )
      .orderBy(checkoutSessions.fulfilledAt);
    return purchases.flatMap((purchase) =>
      purchase.courseIds.map((courseId) => ({
        courseId,
        purchaseId: purchase.id,
        purchasedAt: purchase.fulfilledAt!,
      })),
    );
  };
}

/**
 * Takes a coming-soon course out of the user's purchases, so it no longer opens on release;
 * recorded in the access trail as the admin's revoke. Answers how many purchases it left.
 */
export async function withdrawCourseAwaitingRelease(
  db: Database,
  request: { userId: string; courseId: string; actorId: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(checkoutSessions)
      .set({
        awaitingReleaseCourseIds: sql`array_remove(${checkoutSessions.awaitingReleaseCourseIds}, ${request.courseId})`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(checkoutSessions.userId, request.userId),
          isPaidAndKept,
          sql`${request.courseId} = any(${checkoutSessions.awaitingReleaseCourseIds})`,
        ),
      )
      .returning({ id: checkoutSessions.id });
    for (const purchase of changed) {
      await recordAccessEvent(tx, {
        userId: request.userId,
        courseId: request.courseId,
        action: 'revoke',
        source: 'admin',
        reference: purchase.id,
        actorId: request.actorId,
      });
    }
    return changed.length;
  });
}
