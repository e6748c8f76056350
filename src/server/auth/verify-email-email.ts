import { PRODUCT_NAME } from '../../shared/brand.ts';
import type { MailMessage } from '../mail/send-mail.ts';

/** Sent at sign-up: nothing in it was written by the visitor, as the address is not proven yet. */
export function verifyEmailEmail(to: string, verifyUrl: string): MailMessage {
  return {
    to,
    subject: `Confirm your ${PRODUCT_NAME} email address`,
    text: [
      `Someone created a ${PRODUCT_NAME} account with this email address.`,
      '',
      'Confirm that it is yours here (the link works for 24 hours):',
      verifyUrl,
      '',
      'If it was not you, ignore this message: until the address is confirmed, the account cannot see or delete anything kept under it, nor accept an invitation sent to it.',
    ].join('\n'),
  };
}
