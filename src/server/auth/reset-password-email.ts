import { PRODUCT_NAME } from '../../shared/brand.ts';
import type { MailMessage } from '../mail/send-mail.ts';

export function resetPasswordEmail(to: string, resetUrl: string): MailMessage {
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Someone asked to reset the password of your ${PRODUCT_NAME} account.`,
      '',
      'Choose a new password here (the link works for one hour):',
      resetUrl,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}
