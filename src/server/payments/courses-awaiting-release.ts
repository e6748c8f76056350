import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { recordAccessEvent } from '../access/enrollments.ts';
import type { Database } from '../db/client.ts';
import { checkoutSessions } from '../db/schema/payments.ts';

/** A coming-soon course a paid bundle includes: it opens, and its year starts, on release. */
export interface CourseAwaitingRelease {
  courseId: string;
  /** The purchase that includes it. */
  purchaseId: string;
  purchasedAt: Date;
}

const awaiting = (courseId: string) =>
  sql`${courseId} = any(${checkoutSessions.awaitingReleaseCourseIds})`;

const isPaidAndKept = and(
  isNotNull(checkoutSessions.fulfilledAt),
  isNull(checkoutSessions.refundedAt),
);

export async function listCoursesAwaitingRelease(
  db: Database,
  userId: string,
): Promise<CourseAwaitingRelease[]> {
  const purchases = await db
    .select({
      id: checkoutSessions.id,
      courseIds: checkoutSessions.awaitingReleaseCourseIds,
      fulfilledAt: checkoutSessions.fulfilledAt,
    })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), isPaidAndKept))
    .orderBy(checkoutSessions.fulfilledAt);
  return purchases.flatMap((purchase) =>
    purchase.courseIds.map((courseId) => ({
      courseId,
      purchaseId: purchase.id,
      purchasedAt: purchase.fulfilledAt!,
    })),
  );
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
        and(eq(checkoutSessions.userId, request.userId), isPaidAndKept, awaiting(request.courseId)),
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
