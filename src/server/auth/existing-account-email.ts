import { PRODUCT_NAME } from '../../shared/brand.ts';
import type { MailMessage } from '../mail/send-mail.ts';

/**
 * Sent instead of an answer at sign-up when the address has an account already: the visitor is
 * told the same as for a new address, and only the owner of the mailbox learns more.
 */
export function existingAccountEmail(to: string, appUrl: string): MailMessage {
  return {
    to,
    subject: `Someone tried to create a ${PRODUCT_NAME} account with your address`,
    text: [
      `Someone tried to create a ${PRODUCT_NAME} account with this email address, which has an account already.`,
      '',
      'If it was you, sign in here:',
      `${appUrl}/login`,
      '',
      'If you do not remember your password, reset it here:',
      `${appUrl}/forgot-password`,
      '',
      'If it was not you, ignore this message: nothing was changed.',
    ].join('\n'),
  };
}
