import { PRODUCT_NAME } from '../../shared/brand.ts';
import { formatEuros, formatPrice } from '../../shared/rules/pricing.ts';
import { refundPromise } from '../../shared/rules/refund-promise.ts';
import {
  formatEurosAndCents,
  formatVatRate,
  invoiceMessages,
} from '../../shared/rules/invoices.ts';
import { singleLine, type MailAttachment, type MailMessage } from '../mail/send-mail.ts';
import type { Invoice } from './issue-invoice.ts';
import { creditOf, discountOf, type CheckoutRecord } from './checkout-records.ts';
import type { PaymentsContext } from './payments-context.ts';
import { formatDate } from '../../shared/rules/dates.ts';

/**
 * The buyer's receipt: what they bought, what they paid (net, VAT and gross), until when they
 * have it, and the invoice's PDF attached.
 */
export async function sendReceipt(
  context: PaymentsContext,
  record: CheckoutRecord,
  invoice: Invoice | null,
): Promise<void> {
  await context.app.mailer.send(receiptMail(context, record, invoice));
}

function receiptMail(
  context: PaymentsContext,
  record: CheckoutRecord,
  invoice: Invoice | null,
): MailMessage {
  const { appUrl, contactEmail } = context.app.config;
  const refund = refundPromise(contactEmail).receipt;
  const courseTitles = record.courseIds.map(
    (courseId) => context.app.catalogue.getCourse(courseId)?.title ?? courseId,
  );
  const lines = record.items.map((item) =>
    record.isBundle
      ? `- ${item.name} (${formatPrice(item.priceCents)}): ${courseTitles.join(', ')}`
      : `- ${item.name} (${formatPrice(item.priceCents)})`,
  );
  const credit = creditOf(context, record);
  if (credit) lines.push(`- ${credit.label}: -${formatEuros(credit.cents)}`);
  const discount = discountOf(record);
  if (discount) lines.push(`- ${discount.label}: -${formatEurosAndCents(discount.cents)}`);
  const until = record.accessExpiresAt ? formatDate(record.accessExpiresAt) : 'no end date';
  // A session bought at /book-session opens no course: its own mail carries the date and time.
  const access =
    record.courseIds.length > 0
      ? [
          `Your access lasts until ${until}.`,
          `Open your courses: ${appUrl}/dashboard`,
          ...(refund ? ['', refund] : []),
        ]
      : [`Your sessions: ${appUrl}/sessions`];
  return {
    to: record.receiptEmail,
    subject: `Your ${PRODUCT_NAME} receipt`,
    text: [
      `Hello ${singleLine(record.customerName ?? '')}`.trim() + ',',
      '',
      `Thank you for your purchase. This is your receipt.`,
      '',
      'What you bought:',
      ...lines,
      '',
      ...(invoice ? vatLines(invoice) : []),
      `Total paid: ${formatEurosAndCents(record.amountPaidCents ?? record.amountCents)}`,
      `Order reference: ${record.id}`,
      ...(invoice ? [`Invoice: ${invoice.number} (attached as a PDF)`] : []),
      '',
      ...access,
    ].join('\n'),
    ...(invoice ? { attachments: [invoiceAttachment(invoice)] } : {}),
  };
}

/** A refund's credit notes (one per payment of a plan), in one mail to the receipt's address. */
export async function sendCreditNotes(
  context: PaymentsContext,
  record: CheckoutRecord,
  creditNotes: readonly Invoice[],
): Promise<void> {
  const refundedCents = creditNotes.reduce((sum, note) => sum - note.grossCents, 0);
  const numbers = creditNotes.map((note) => note.number);
  await context.app.mailer.send({
    to: record.receiptEmail,
    subject: `Your ${PRODUCT_NAME} credit note ${numbers.join(', ')}`,
    text: [
      `Hello ${singleLine(record.customerName ?? '')}`.trim() + ',',
      '',
      `Your payment was refunded: ${formatEurosAndCents(refundedCents)}.`,
      numbers.length === 1
        ? `The credit note ${numbers[0]} is attached as a PDF.`
        : `The credit notes ${numbers.join(', ')}, one for each payment, are attached as PDFs.`,
      `Order reference: ${record.id}`,
    ].join('\n'),
    attachments: creditNotes.map(invoiceAttachment),
  });
}

function vatLines(invoice: Invoice): string[] {
  return [
    `Net: ${formatEurosAndCents(invoice.netCents)}`,
    `VAT ${formatVatRate(invoice.vatRateBasisPoints)}: ${formatEurosAndCents(invoice.vatCents)}`,
    ...(invoice.vatTreatment === 'reverse_charge' ? [invoiceMessages.reverseCharge] : []),
  ];
}

/** An invoice or credit note as a mail's attachment. */
export function invoiceAttachment(invoice: Pick<Invoice, 'number' | 'pdf'>): MailAttachment {
  return {
    filename: invoiceFileName(invoice.number),
    contentType: 'application/pdf',
    content: invoice.pdf.toString('base64'),
    encoding: 'base64',
  };
}

export function invoiceFileName(number: string): string {
  return `${PRODUCT_NAME.replace(/\W+/g, '-')}-${number}.pdf`;
}
