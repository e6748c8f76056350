import type { AssessmentAnswers } from '../../shared/api/marketing.ts';
import type { Config } from '../config.ts';
import { singleLine, type MailMessage } from '../mail/send-mail.ts';

export function assessmentReceivedEmail({
  name,
  email,
}: Pick<AssessmentAnswers, 'name' | 'email'>): MailMessage {
  return {
    to: email,
    subject: 'Your Sovereign Flame assessment has been received',
    text: [
      `Dear ${singleLine(name)},`,
      '',
      'Thank you for completing the sacred assessment. Your answers have reached us, and we read',
      'every one of them personally.',
      '',
      'Within 24 hours you will receive your initiation results at this address. If the assessment',
      'shows that you are ready, they will carry your invitation to the inner circle.',
      '',
      'Until then, notice what stirred in you as you answered. That is where the work begins.',
      '',
      'Sovereign Flame',
    ].join('\n'),
  };
}

/**
 * To the creator's address when an assessment arrives: the applicant was promised results within
 * 24 hours. Their words stay in the admin panel, not in a mail.
 */
export function assessmentArrivedEmail(
  config: Pick<Config, 'contactEmail' | 'appUrl'>,
  { name, email }: Pick<AssessmentAnswers, 'name' | 'email'>,
): MailMessage {
  return {
    to: config.contactEmail!,
    subject: `New Sovereign Flame assessment from ${singleLine(name, 60)}`,
    text: [
      `${singleLine(name)} <${singleLine(email, 254)}> has completed the sacred assessment.`,
      'They were promised their initiation results within 24 hours.',
      '',
      `Read their answers in the admin panel's Inbox: ${config.appUrl}/admin?tab=inbox`,
    ].join('\n'),
  };
}
