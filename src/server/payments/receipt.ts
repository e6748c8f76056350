import { PRODUCT_NAME } from '../../shared/brand.ts';
import { formatEuros } from '../../shared/rules/pricing.ts';
import { singleLine, type MailMessage } from '../mail/send-mail.ts';
import type { CheckoutRecord } from './checkout-records.ts';
import type { PaymentsContext } from './payments-context.ts';

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** The buyer's receipt: what they bought, what they paid, and until when they have it. */
export async function sendReceipt(context: PaymentsContext, record: CheckoutRecord): Promise<void> {
  await context.app.mailer.send(receiptMail(context, record));
}

function receiptMail(context: PaymentsContext, record: CheckoutRecord): MailMessage {
  const { appUrl } = context.app.config;
  const courseTitles = record.courseIds.map(
    (courseId) => context.app.catalogue.getCourse(courseId)?.title ?? courseId,
  );
  const lines = record.items.map((item) =>
    record.isBundle
      ? `- ${item.name} (${formatEuros(item.priceCents)}): ${courseTitles.join(', ')}`
      : `- ${item.name} (${formatEuros(item.priceCents)})`,
  );
  const until = record.accessExpiresAt ? longDate.format(record.accessExpiresAt) : 'no end date';
  // A session bought at /book-session opens no course: its own mail carries the date and time.
  const access =
    record.courseIds.length > 0
      ? [
          `Your access lasts until ${until}.`,
          `Open your courses: ${appUrl}/dashboard`,
          '',
          'If the programme is not right for you, ask for a refund within 30 days of your purchase.',
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
