import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { checkoutSessions, invoices } from '../db/schema/payments.ts';
import { listUserInvoices } from './list-invoices.ts';
import { listUserPaymentPlans } from './payment-plans.ts';
import { exportRefundRequests } from './refund-requests.ts';
import { listUserSubscriptions } from './subscriptions.ts';

/** Every checkout the buyer started, their subscriptions and refund requests, for their own copy. */
export async function exportPaymentData(db: Database, userId: string) {
  const [checkouts, userInvoices, subscriptions, refundRequests, paymentPlans] = await Promise.all([
    db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, userId))
      .orderBy(desc(checkoutSessions.createdAt)),
    listUserInvoices(db, userId),
    listUserSubscriptions(db, { userId }),
    exportRefundRequests(db, userId),
    listUserPaymentPlans(db, userId),
  ]);
  return {
    purchases: checkouts.map((row) => ({
      orderReference: row.id,
      items: row.items,
      amountCents: row.amountCents,
      amountPaidCents: row.amountPaidCents,
      status: row.status,
      paymentStatus: row.paymentStatus,
      customerName: row.customerName,
      receiptEmail: row.receiptEmail,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
      fulfilledAt: row.fulfilledAt?.toISOString() ?? null,
      accessExpiresAt: row.accessExpiresAt?.toISOString() ?? null,
      refundedAt: row.refundedAt?.toISOString() ?? null,
    })),
    invoices: userInvoices,
    subscriptions,
    refundRequests,
    paymentPlans,
  };
}

/**
 * Before an account is deleted: a completed payment is a record the law makes us keep, so it
 * stays without the buyer's id, name, email or message; checkouts never paid go entirely.
 */
export async function anonymisePurchases(tx: Executor, userId: string): Promise<void> {
  await tx
    .delete(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), isNull(checkoutSessions.fulfilledAt)));
  await tx
    .update(checkoutSessions)
    .set({
      userId: null,
      customerName: null,
      receiptEmail: '',
      message: null,
      updatedAt: new Date(),
    })
    .where(and(eq(checkoutSessions.userId, userId), isNotNull(checkoutSessions.fulfilledAt)));
  // Invoices are kept as issued for the tax record (name, country, VAT number, the PDF); the
  // email, which no invoice needs, leaves the row.
  await tx
    .update(invoices)
    .set({ userId: null, buyer: sql`${invoices.buyer} || '{"email": ""}'::jsonb` })
    .where(eq(invoices.userId, userId));
}

/** Every fulfilled purchase, oldest first: the creator's own record of sales (CSV export). */
export async function listFulfilledPurchases(db: Database) {
  return db
    .select({
      orderReference: checkoutSessions.id,
      receiptEmail: checkoutSessions.receiptEmail,
      customerName: checkoutSessions.customerName,
      items: checkoutSessions.items,
      amountPaidCents: checkoutSessions.amountPaidCents,
      amountCents: checkoutSessions.amountCents,
      fulfilledAt: checkoutSessions.fulfilledAt,
      refundedAt: checkoutSessions.refundedAt,
      isTest: eq(checkoutSessions.mode, 'test'),
    })
    .from(checkoutSessions)
    .where(isNotNull(checkoutSessions.fulfilledAt))
    .orderBy(checkoutSessions.fulfilledAt);
}
