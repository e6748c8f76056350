import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { InvoiceSummary } from '../../shared/api/payments.ts';
import { invoiceMessages } from '../../shared/rules/invoices.ts';
import type { Executor } from '../db/client.ts';
import { invoices } from '../db/schema/payments.ts';
import { AppError } from '../http/errors.ts';
import { OWN_DATA_ONLY } from '../http/guards.ts';

/** The user's invoices and credit notes, newest first, without their PDFs. */
export async function listUserInvoices(db: Executor, userId: string): Promise<InvoiceSummary[]> {
  const rows = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      checkoutId: invoices.checkoutId,
      issuedAt: invoices.issuedAt,
      grossCents: invoices.grossCents,
      vatTreatment: invoices.vatTreatment,
    })
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(sql`${invoices.issuedAt} desc, ${invoices.id} desc`);
  return rows.map(({ vatTreatment, ...row }) => ({
    ...row,
    issuedAt: row.issuedAt.toISOString(),
    isReverseCharge: vatTreatment === 'reverse_charge',
  }));
}

/** One of the caller's own invoices as issued: 404 when there is none, 403 when it is another's. */
export async function getOwnInvoicePdf(
  db: Executor,
  user: SessionUser,
  invoiceId: number,
): Promise<{ number: string; pdf: Buffer }> {
  const [row] = await db
    .select({ number: invoices.number, userId: invoices.userId, pdf: invoices.pdf })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!row) throw new AppError('not_found', invoiceMessages.notFound);
  if (row.userId !== user.id) throw new AppError('forbidden', OWN_DATA_ONLY);
  return row;
}
