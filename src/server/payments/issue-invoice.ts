import { eq, sql } from 'drizzle-orm';
import {
  formatInvoiceNumber,
  isEuCountry,
  isReverseCharge,
  normaliseVatNumber,
  vatOutOfGross,
  type InvoiceKind,
  type VatTreatment,
} from '../../shared/rules/invoices.ts';
import type { PlatformSettings } from '../../shared/rules/settings.ts';
import { couponLine } from '../../shared/rules/coupons.ts';
import type { Executor, Transaction } from '../db/client.ts';
import {
  invoiceCounters,
  invoices,
  type InvoiceBuyer,
  type InvoiceLine,
} from '../db/schema/payments.ts';
import type { CheckoutRecord } from './checkout-records.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';
import { reverseChargeLines } from './reverse-charge.ts';
import type { CheckoutCustomer } from './stripe-client.ts';

export type Invoice = typeof invoices.$inferSelect;

/**
 * The next number of a series and year. The upsert takes the counter row's lock until the
 * transaction ends: a second issuer waits, then counts on from the committed number; a
 * transaction rolled back gives its number back. So numbers run 1, 2, 3... without a gap or a
 * repeat, however many processes issue at once (docs/decisions/036).
 */
export async function takeInvoiceSequence(
  tx: Executor,
  series: { kind: InvoiceKind; isTest: boolean; year: number },
): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ ...series, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.kind, invoiceCounters.isTest, invoiceCounters.year],
      set: { lastSequence: sql`${invoiceCounters.lastSequence} + 1` },
    })
    .returning({ sequence: invoiceCounters.lastSequence });
  return row!.sequence;
}

interface IssueInvoiceInput {
  record: CheckoutRecord;
  /** What Checkout collected about the buyer; null in payment test mode. */
  customer: CheckoutCustomer | null;
  /** The VAT Stripe Tax computed (STRIPE_TAX=on); otherwise the creator's rates apply. */
  stripeTaxCents?: number | null;
  settings: PlatformSettings;
  /** What was paid, in cents: the order's amount (fulfilment checked it). */
  paidCents: number;
  timeZone: string | undefined;
  now: Date;
  /** Which payment of a payment plan this is; 1 for an order paid at once. */
  instalment?: number;
}

/**
 * The invoice of a paid order, in the fulfilment's transaction: its number, the seller's details
 * as set now, the buyer's, the VAT inside the price and the PDF, kept as issued. An order with
 * nothing to pay gets none.
 */
export async function issueInvoice(
  tx: Transaction,
  {
    record,
    customer,
    stripeTaxCents = null,
    settings,
    paidCents,
    timeZone,
    now,
    instalment = 1,
  }: IssueInvoiceInput,
): Promise<Invoice | null> {
  if (paidCents <= 0) return null;
  // A business that gave its country and VAT number on our side was priced by them.
  const isDeclared = record.buyerVatNumber !== null;
  const buyer: InvoiceBuyer = {
    name: customer?.name ?? record.customerName ?? '',
    email: customer?.email ?? record.receiptEmail,
    country:
      (isDeclared
        ? record.billingCountry
        : (customer?.country ?? record.billingCountry)
      )?.toUpperCase() ?? null,
    vatNumber:
      record.buyerVatNumber ??
      (customer?.vatNumber ? normaliseVatNumber(customer.vatNumber) : null),
  };
  const reverseChargeRate = record.reverseChargeRate;
  const { treatment, rateBasisPoints } =
    reverseChargeRate !== null
      ? { treatment: 'reverse_charge' as const, rateBasisPoints: 0 }
      : stripeTaxCents === null
        ? vatOf(buyer, settings, !isDeclared)
        : stripeVatOf(buyer, stripeTaxCents, paidCents);
  const grossLines = record.items.map((item) => ({
    description: item.name,
    grossCents: item.priceCents,
  }));
  if (record.creditCents > 0) {
    grossLines.push({
      description: 'Credit for courses already paid for',
      grossCents: -record.creditCents,
    });
  }
  if (record.discountCents > 0 && record.couponCode) {
    grossLines.push({
      description: `Discount (${couponLine(record.couponCode)})`,
      grossCents: -record.discountCents,
    });
  }
  const lines =
    reverseChargeRate !== null
      ? reverseChargeLines(grossLines, reverseChargeRate, paidCents)
      : stripeTaxCents === null
        ? grossLines.map((line) => lineWithVat(line, rateBasisPoints))
        : linesWithTax(grossLines, stripeTaxCents, paidCents);
  return insertInvoice(tx, {
    kind: 'invoice',
    record,
    seller: settings.seller,
    buyer,
    lines,
    treatment,
    rateBasisPoints,
    creditedInvoice: null,
    timeZone,
    now,
    instalment,
  });
}

/**
 * A refunded order's credit notes: for each invoice of the order (a payment plan has one per
 * payment), its lines with their signs turned, under a number of the credit notes' own series,
 * naming the invoice. Once per invoice; none for an order never invoiced.
 */
export async function issueCreditNotes(
  tx: Transaction,
  { checkoutId, timeZone, now }: { checkoutId: string; timeZone: string | undefined; now: Date },
): Promise<Invoice[]> {
  const issued = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.checkoutId, checkoutId))
    .orderBy(invoices.instalment)
    .for('update');
  const credited = new Set(
    issued.filter((row) => row.kind === 'credit_note').map((row) => row.instalment),
  );
  const toCredit = issued.filter((row) => row.kind === 'invoice' && !credited.has(row.instalment));
  const creditNotes: Invoice[] = [];
  for (const invoice of toCredit) {
    creditNotes.push(await insertCreditNote(tx, invoice, { timeZone, now }));
  }
  return creditNotes;
}

function insertCreditNote(
  tx: Transaction,
  invoice: Invoice,
  { timeZone, now }: { timeZone: string | undefined; now: Date },
): Promise<Invoice> {
  return insertInvoice(tx, {
    kind: 'credit_note',
    record: {
      id: invoice.checkoutId,
      userId: invoice.userId,
      mode: invoice.isTest ? 'test' : 'stripe',
    },
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: invoice.lines.map((line) => ({
      description: line.description,
      netCents: -line.netCents,
      vatCents: -line.vatCents,
      grossCents: -line.grossCents,
    })),
    treatment: invoice.vatTreatment,
    rateBasisPoints: invoice.vatRateBasisPoints,
    creditedInvoice: invoice,
    timeZone,
    now,
    instalment: invoice.instalment,
  });
}

interface InsertInvoiceInput {
  kind: InvoiceKind;
  record: Pick<CheckoutRecord, 'id' | 'userId' | 'mode'>;
  seller: PlatformSettings['seller'];
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  treatment: VatTreatment;
  rateBasisPoints: number;
  creditedInvoice: Invoice | null;
  timeZone: string | undefined;
  now: Date;
  instalment?: number;
}

async function insertInvoice(tx: Transaction, input: InsertInvoiceInput): Promise<Invoice> {
  const { kind, record, lines, now } = input;
  const isTest = record.mode === 'test';
  const year = yearIn(now, input.timeZone);
  const sequence = await takeInvoiceSequence(tx, { kind, isTest, year });
  const sum = (pick: (line: InvoiceLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const document = {
    kind,
    isTest,
    year,
    sequence,
    number: formatInvoiceNumber({ kind, year, sequence }, isTest),
    checkoutId: record.id,
    userId: record.userId,
    creditedInvoiceId: input.creditedInvoice?.id ?? null,
    instalment: input.instalment ?? 1,
    issuedAt: now,
    seller: input.seller,
    buyer: input.buyer,
    lines,
    vatTreatment: input.treatment,
    vatRateBasisPoints: input.rateBasisPoints,
    netCents: sum((line) => line.netCents),
    vatCents: sum((line) => line.vatCents),
    grossCents: sum((line) => line.grossCents),
    currency: 'eur',
  };
  const pdf = await renderInvoicePdf({
    ...document,
    creditedNumber: input.creditedInvoice?.number ?? null,
  });
  const [inserted] = await tx
    .insert(invoices)
    .values({ ...document, pdf })
    .returning();
  return inserted!;
}

/**
 * Reverse charge for a business with a VAT number in another member state than the seller's,
 * given on Stripe's page (one given on our side was decided when the order was priced);
 * otherwise the creator's rate for the buyer's EU country, and none outside the EU or where the
 * creator set no rate.
 */
function vatOf(
  buyer: InvoiceBuyer,
  settings: PlatformSettings,
  mayReverseCharge: boolean,
): { treatment: VatTreatment; rateBasisPoints: number } {
  const sellerVatNumber = settings.seller.vatNumber;
  if (mayReverseCharge && isReverseCharge({ ...buyer, sellerVatNumber })) {
    return { treatment: 'reverse_charge', rateBasisPoints: 0 };
  }
  const rate = isEuCountry(buyer.country) ? settings.vatRates[buyer.country] : undefined;
  return { treatment: 'standard', rateBasisPoints: rate ?? 0 };
}

/** Stripe Tax's VAT: its rate read back from the amounts; none on a business's VAT number is reverse charge. */
function stripeVatOf(
  buyer: InvoiceBuyer,
  taxCents: number,
  paidCents: number,
): { treatment: VatTreatment; rateBasisPoints: number } {
  if (taxCents === 0 && buyer.vatNumber) return { treatment: 'reverse_charge', rateBasisPoints: 0 };
  const netCents = paidCents - taxCents;
  const rateBasisPoints = netCents > 0 ? Math.round((taxCents * 10_000) / netCents / 10) * 10 : 0;
  return { treatment: 'standard', rateBasisPoints };
}

/** Stripe Tax's VAT shared over the lines by their gross, the last taking the remainder. */
function linesWithTax(
  grossLines: { description: string; grossCents: number }[],
  taxCents: number,
  paidCents: number,
): InvoiceLine[] {
  let remaining = taxCents;
  return grossLines.map((line, index) => {
    const vatCents =
      index === grossLines.length - 1
        ? remaining
        : Math.round((taxCents * line.grossCents) / Math.max(paidCents, 1));
    remaining -= vatCents;
    return { ...line, netCents: line.grossCents - vatCents, vatCents };
  });
}

function lineWithVat(
  { description, grossCents }: { description: string; grossCents: number },
  rateBasisPoints: number,
): InvoiceLine {
  const share = vatOutOfGross(Math.abs(grossCents), rateBasisPoints);
  const sign = grossCents < 0 ? -1 : 1;
  return {
    description,
    netCents: sign * share.netCents,
    vatCents: sign * share.vatCents,
    grossCents,
  };
}

/** The calendar year of a moment where the creator is: an invoice's series is its year there. */
function yearIn(now: Date, timeZone: string | undefined): number {
  const year = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    timeZone: timeZone ?? 'UTC',
  }).format(now);
  return Number(year);
}
