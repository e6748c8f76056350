import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PaymentMode } from '../config.ts';
import type { Database } from '../db/client.ts';
import { checkoutSessions } from '../db/schema/payments.ts';

/**
 * The courses a learner's paid bundles include but that are not released yet: theirs, opening at
 * release. In live mode a test-mode bundle counts for nothing, as its other access does not.
 */
export function awaitingReleaseSource(paymentMode: PaymentMode) {
  return async (db: Database, userId: string): Promise<string[]> => {
    const rows = await db
      .select({ courseIds: checkoutSessions.awaitingReleaseCourseIds })
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.userId, userId),
          isNotNull(checkoutSessions.fulfilledAt),
          isNull(checkoutSessions.refundedAt),
          paymentMode === 'live' ? eq(checkoutSessions.mode, 'stripe') : undefined,
        ),
      );
    return [...new Set(rows.flatMap((row) => row.courseIds))];
  };
}
