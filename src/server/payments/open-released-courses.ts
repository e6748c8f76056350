import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { checkoutSessions } from '../db/schema/payments.ts';
import { enrollInPurchasedCourses } from './fulfil-checkout.ts';
import type { PaymentsContext } from './payments-context.ts';

/**
 * A bundle bought before a course was released opens that course once it is: at the first start
 * whose catalogue no longer marks it coming soon. Its access period starts then. Safe to run in
 * several processes at once: each purchase is locked and read again before it is changed.
 */
export async function openReleasedCourses(
  context: PaymentsContext,
  now = new Date(),
): Promise<void> {
  const { db, catalogue } = context.app;
  const isReleased = (courseId: string) => {
    const course = catalogue.getCourse(courseId);
    return course !== undefined && !course.product.comingSoon;
  };
  const waiting = await db
    .select({ id: checkoutSessions.id, courseIds: checkoutSessions.awaitingReleaseCourseIds })
    .from(checkoutSessions)
    .where(
      and(
        isNotNull(checkoutSessions.fulfilledAt),
        isNull(checkoutSessions.refundedAt),
        sql`cardinality(${checkoutSessions.awaitingReleaseCourseIds}) > 0`,
      ),
    );
  for (const purchase of waiting.filter((candidate) => candidate.courseIds.some(isReleased))) {
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.id, purchase.id))
        .for('update');
      const released = locked!.awaitingReleaseCourseIds.filter(isReleased);
      if (released.length === 0 || locked!.refundedAt) return;
      const granted = await enrollInPurchasedCourses(tx, locked!, released, now);
      await tx
        .update(checkoutSessions)
        .set({
          grantedCourseIds: [...locked!.grantedCourseIds, ...granted],
          awaitingReleaseCourseIds: locked!.awaitingReleaseCourseIds.filter(
            (courseId) => !released.includes(courseId),
          ),
          updatedAt: now,
        })
        .where(eq(checkoutSessions.id, purchase.id));
    });
  }
}
