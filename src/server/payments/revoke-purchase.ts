import { eq } from 'drizzle-orm';
import { revokeEnrollments } from '../access/enrollments.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import type { PaymentsContext } from './payments-context.ts';

/**
 * A full refund or a lost dispute ends the access that payment bought: the courses the purchase
 * enrolled in are revoked, with the charge or dispute as the recorded reason. Safe to repeat.
 */
export async function revokePurchase(
  context: PaymentsContext,
  { paymentIntentId, reference }: { paymentIntentId: string; reference: string },
): Promise<void> {
  await context.app.db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.paymentIntentId, paymentIntentId))
      .for('update');
    if (!record?.fulfilledAt || record.refundedAt) return;
    if (record.userId) {
      await revokeEnrollments(tx, {
        userId: record.userId,
        courseIds: record.grantedCourseIds,
        source: 'refund',
        reference,
      });
    }
    await tx
      .update(checkoutSessions)
      .set({ refundedAt: new Date(), updatedAt: new Date() })
      .where(eq(checkoutSessions.id, record.id));
  });
}
