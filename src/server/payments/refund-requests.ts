import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import {
  INBOX_LIMIT,
  inboxMessages,
  type InboxItem,
  type InboxState,
} from '../../shared/api/inbox.ts';
import { isWithinRefundWindow } from '../../shared/rules/account.ts';
import { formatEuros } from '../../shared/rules/pricing.ts';
import type { Executor } from '../db/client.ts';
import { checkoutSessions, paymentPlans, refundRequests } from '../db/schema/payments.ts';
import { AppError } from '../http/errors.ts';
import { singleLine } from '../mail/send-mail.ts';
import type { PaymentsContext } from './payments-context.ts';
import { refundCheckout } from './product-checkout.ts';

/**
 * Keeps the learner's request for the creator's Inbox. One waiting request per purchase: asking
 * again before an answer is refused, as is asking about a purchase already refunded.
 */
export async function createRefundRequest(
  db: Executor,
  request: { userId: string; checkoutId: string; reason: string },
): Promise<void> {
  const [purchase] = await db
    .select({ refundedAt: checkoutSessions.refundedAt })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, request.checkoutId));
  if (purchase?.refundedAt) throw new AppError('conflict', inboxMessages.alreadyRefunded);
  const [waiting] = await db
    .select({ id: refundRequests.id })
    .from(refundRequests)
    .where(
      and(
        eq(refundRequests.checkoutId, request.checkoutId),
        isNull(refundRequests.outcome),
        ne(refundRequests.state, 'closed'),
      ),
    );
  if (waiting) throw new AppError('conflict', inboxMessages.alreadyRequested);
  await db.insert(refundRequests).values(request);
}

const inboxColumns = {
  id: refundRequests.id,
  createdAt: refundRequests.createdAt,
  state: refundRequests.state,
  reason: refundRequests.reason,
  outcome: refundRequests.outcome,
  declineReason: refundRequests.declineReason,
  checkoutId: checkoutSessions.id,
  customerName: checkoutSessions.customerName,
  receiptEmail: checkoutSessions.receiptEmail,
  items: checkoutSessions.items,
  amountCents: checkoutSessions.amountCents,
  amountPaidCents: checkoutSessions.amountPaidCents,
  fulfilledAt: checkoutSessions.fulfilledAt,
  refundedAt: checkoutSessions.refundedAt,
  planCount: paymentPlans.count,
  planPaidCount: paymentPlans.paidCount,
};

/** The requests as Inbox items, newest first; only those in `state` when given. */
export async function listRefundRequestItems(
  db: Executor,
  { state }: { state?: InboxState },
): Promise<InboxItem[]> {
  const rows = await db
    .select(inboxColumns)
    .from(refundRequests)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, refundRequests.checkoutId))
    .leftJoin(paymentPlans, eq(paymentPlans.checkoutId, refundRequests.checkoutId))
    .where(state ? eq(refundRequests.state, state) : undefined)
    .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id))
    .limit(INBOX_LIMIT);
  return rows.map(toInboxItem);
}

export async function getRefundRequestItem(db: Executor, id: string): Promise<InboxItem> {
  const [row] = await db
    .select(inboxColumns)
    .from(refundRequests)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, refundRequests.checkoutId))
    .leftJoin(paymentPlans, eq(paymentPlans.checkoutId, refundRequests.checkoutId))
    .where(eq(refundRequests.id, id));
  if (!row) throw new AppError('not_found', inboxMessages.notFound);
  return toInboxItem(row);
}

export async function setRefundRequestState(
  db: Executor,
  id: string,
  state: InboxState,
): Promise<InboxItem> {
  const [row] = await db
    .update(refundRequests)
    .set({ state, updatedAt: new Date() })
    .where(eq(refundRequests.id, id))
    .returning({ id: refundRequests.id });
  if (!row) throw new AppError('not_found', inboxMessages.notFound);
  return getRefundRequestItem(db, id);
}

/**
 * The creator grants the request: the purchase is refunded in full through Stripe (or on our
 * records in payment test mode) and the access it bought ends (refundCheckout, endPurchase);
 * the request is closed and the learner told.
 */
export async function grantRefundRequest(context: PaymentsContext, id: string): Promise<InboxItem> {
  const { app } = context;
  const request = await getRefundRequestItem(app.db, id);
  if (request.refund?.outcome) throw new AppError('conflict', inboxMessages.alreadyDecided);
  await refundCheckout(context, request.refund!.purchaseId);
  const decided = await decide(app, id, { outcome: 'refunded', declineReason: null });
  await app.mailer.send({
    to: decided.email,
    subject: `${PRODUCT_NAME}: your refund for order ${decided.refund!.purchaseId}`,
    text: [
      `Dear ${singleLine(decided.name) || 'friend'},`,
      '',
      `We have refunded your order ${decided.refund!.purchaseId} (${decided.refund!.items.join(', ')}) in full: ${formatEuros(decided.refund!.amountPaidCents)}.`,
      'The money goes back to the card you paid with; your bank may take a few days to show it.',
      'The access this order gave has ended.',
      '',
      PRODUCT_NAME,
    ].join('\n'),
  });
  return decided;
}

/** The creator declines the request; the reason they give is mailed to the learner. */
export async function declineRefundRequest(
  app: FastifyInstance,
  id: string,
  reason: string,
): Promise<InboxItem> {
  const request = await getRefundRequestItem(app.db, id);
  if (request.refund?.outcome) throw new AppError('conflict', inboxMessages.alreadyDecided);
  const decided = await decide(app, id, { outcome: 'declined', declineReason: reason });
  await app.mailer.send({
    to: decided.email,
    subject: `${PRODUCT_NAME}: your refund request for order ${decided.refund!.purchaseId}`,
    text: [
      `Dear ${singleLine(decided.name) || 'friend'},`,
      '',
      `We have read your refund request for order ${decided.refund!.purchaseId} (${decided.refund!.items.join(', ')}), and we cannot grant it.`,
      '',
      reason,
      '',
      'If you would like to talk about it, reply to this mail.',
      '',
      PRODUCT_NAME,
    ].join('\n'),
  });
  return decided;
}

/** Records the decision once: of two admins deciding at once, the second is refused. */
async function decide(
  app: FastifyInstance,
  id: string,
  decision: { outcome: 'refunded' | 'declined'; declineReason: string | null },
): Promise<InboxItem> {
  const [row] = await app.db
    .update(refundRequests)
    .set({ ...decision, state: 'closed', decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(refundRequests.id, id), isNull(refundRequests.outcome)))
    .returning({ id: refundRequests.id });
  if (!row) throw new AppError('conflict', inboxMessages.alreadyDecided);
  return getRefundRequestItem(app.db, id);
}

/** Every request the learner made, for their own copy of their data. */
export async function exportRefundRequests(db: Executor, userId: string) {
  const rows = await db
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.userId, userId))
    .orderBy(desc(refundRequests.createdAt));
  return rows.map((row) => ({
    orderReference: row.checkoutId,
    reason: row.reason,
    state: row.state,
    outcome: row.outcome,
    declineReason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }));
}

/** How many requests no admin has looked at yet. */
export async function countNewRefundRequests(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(refundRequests)
    .where(eq(refundRequests.state, 'new'));
  return row?.total ?? 0;
}

type InboxRow = {
  [Key in keyof typeof inboxColumns]: (typeof inboxColumns)[Key]['_']['data'] | null;
} & { id: string; createdAt: Date; state: InboxState; reason: string; checkoutId: string };

function toInboxItem(row: InboxRow): InboxItem {
  const purchasedAt = row.fulfilledAt ?? null;
  return {
    kind: 'refund-request',
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    state: row.state,
    name: row.customerName ?? '',
    email: row.receiptEmail ?? '',
    refund: {
      purchaseId: row.checkoutId,
      purchasedAt: purchasedAt?.toISOString() ?? null,
      items: (row.items ?? []).map((item) => item.name),
      amountPaidCents: row.amountPaidCents ?? row.amountCents ?? 0,
      // Asked within the guarantee, whenever the creator reads it.
      isWithinGuarantee: purchasedAt ? isWithinRefundWindow(purchasedAt, row.createdAt) : false,
      reason: row.reason,
      outcome: row.outcome,
      declineReason: row.declineReason,
      refundedAt: row.refundedAt?.toISOString() ?? null,
      plan:
        row.planCount === null || row.planPaidCount === null
          ? null
          : { count: row.planCount, paidCount: row.planPaidCount },
    },
    message: null,
  };
}
