import { and, desc, eq, isNotNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { PurchasesResponse } from '../../shared/api/payments.ts';
import { prepareOnce } from '../db/prepare-once.ts';
import { prepareReadTogether, rowsOf } from '../db/read-together.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import type { PendingSession } from '../http/guards.ts';
import { sessionUserCte, sessionUserId, sessionUserRead } from '../users/find-session-user.ts';
import type { PaymentsContext } from './payments-context.ts';

/** The user's completed purchases, newest first. */
export async function listPurchases(
  context: PaymentsContext,
  user: SessionUser,
): Promise<PurchasesResponse> {
  const { purchases } = await listPurchasesStatement(context.app.db).execute({ userId: user.id });
  return toPurchasesResponse(purchases);
}

/** The same for the user of a claimed session, read in the same statement: one round trip. */
export async function listSessionPurchases(
  context: PaymentsContext,
  session: PendingSession,
): Promise<PurchasesResponse> {
  const rows = await listSessionPurchasesStatement(context.app.db).execute({
    token: session.token,
    now: new Date(),
  });
  await session.settle(rows.session);
  return toPurchasesResponse(rows.purchases);
}

type PurchaseRow = ReturnType<ReturnType<typeof purchasesRead>['decode']>[number];

function toPurchasesResponse(rows: PurchaseRow[]): PurchasesResponse {
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

/** Only the columns the answer shows. */
function purchasesRead(userId: Placeholder | SQL) {
  return rowsOf(
    checkoutSessions,
    and(eq(checkoutSessions.userId, userId), isNotNull(checkoutSessions.fulfilledAt)),
    sql`order by ${desc(checkoutSessions.fulfilledAt)}`,
    [
      'id',
      'fulfilledAt',
      'items',
      'amountCents',
      'amountPaidCents',
      'accessExpiresAt',
      'refundedAt',
    ],
  );
}

const listPurchasesStatement = prepareOnce((db) =>
  prepareReadTogether(db, 'list_purchases', {
    purchases: purchasesRead(sql.placeholder('userId')),
  }),
);

const listSessionPurchasesStatement = prepareOnce((db) =>
  prepareReadTogether(
    db,
    'list_session_purchases',
    { session: sessionUserRead, purchases: purchasesRead(sessionUserId) },
    [sessionUserCte(sql.placeholder('token'), sql.placeholder('now'))],
  ),
);
