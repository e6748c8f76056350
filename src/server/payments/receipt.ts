import { PRODUCT_NAME } from '../../shared/brand.ts';
import { formatEuros } from '../../shared/rules/pricing.ts';
import { refundPromise } from '../../shared/rules/refund-promise.ts';
import { singleLine, type MailMessage } from '../mail/send-mail.ts';
import { creditOf, type CheckoutRecord } from './checkout-records.ts';
import type { PaymentsContext } from './payments-context.ts';
import { formatDate } from '../../shared/rules/dates.ts';

/** The buyer's receipt: what they bought, what they paid, and until when they have it. */
export async function sendReceipt(context: PaymentsContext, record: CheckoutRecord): Promise<void> {
  await context.app.mailer.send(receiptMail(context, record));
}

function receiptMail(context: PaymentsContext, record: CheckoutRecord): MailMessage {
  const { appUrl, contactEmail } = context.app.config;
  const refund = refundPromise(contactEmail).receipt;
  const courseTitles = record.courseIds.map(
    (courseId) => context.app.catalogue.getCourse(courseId)?.title ?? courseId,
  );
  const lines = record.items.map((item) =>
    record.isBundle
      ? `- ${item.name} (${formatEuros(item.priceCents)}): ${courseTitles.join(', ')}`
      : `- ${item.name} (${formatEuros(item.priceCents)})`,
  );
  const credit = creditOf(context, record);
  if (credit) lines.push(`- ${credit.label}: -${formatEuros(credit.cents)}`);
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
      `Total paid: ${formatEuros(record.amountPaidCents ?? record.amountCents)}`,
      `Order reference: ${record.id}`,
      '',
      ...access,
    ].join('\n'),
  };
}
