import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { PurchasesResponse } from '../../shared/api/payments.ts';
import { prepareOnce } from '../db/prepare-once.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import type { PaymentsContext } from './payments-context.ts';

/** The caller's completed purchases, newest first. */
export async function listPurchases(
  context: PaymentsContext,
  user: SessionUser,
): Promise<PurchasesResponse> {
  const rows = await listPurchasesStatement(context.app.db).execute({ userId: user.id });
  return {
    purchases: rows.map((row) => ({
      id: row.id,
      purchasedAt: row.fulfilledAt!.toISOString(),
      items: row.items,
      amountPaidCents: row.amountPaidCents ?? row.amountCents,
      accessExpiresAt: row.accessExpiresAt?.toISOString() ?? null,
      refundedAt: row.refundedAt?.toISOString() ?? null,
    })),
  };
}

const listPurchasesStatement = prepareOnce((db) =>
  db
    .select({
      id: checkoutSessions.id,
      fulfilledAt: checkoutSessions.fulfilledAt,
      items: checkoutSessions.items,
      amountCents: checkoutSessions.amountCents,
      amountPaidCents: checkoutSessions.amountPaidCents,
      accessExpiresAt: checkoutSessions.accessExpiresAt,
      refundedAt: checkoutSessions.refundedAt,
    })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, sql.placeholder('userId')),
        isNotNull(checkoutSessions.fulfilledAt),
      ),
    )
    .orderBy(desc(checkoutSessions.fulfilledAt))
    .prepare('list_purchases'),
);
