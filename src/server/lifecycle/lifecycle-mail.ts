import type { FastifyInstance } from 'fastify';
import {
  mayMail,
  notificationSwitchLabels,
  switchOfUnsubscribeToken,
  type NotificationSwitch,
} from '../../shared/rules/account.ts';
import { AppError } from '../http/errors.ts';
import { readSignedToken, signToken } from '../http/signed-token.ts';
import type { MailMessage } from '../mail/send-mail.ts';
import { getDisabledAt } from '../users/account-controls.ts';
import { listUsersByIds, type UserRecord } from '../users/find-users.ts';
import { listNotificationPreferences } from '../users/users.ts';

type MailContext = Pick<FastifyInstance, 'db' | 'config'>;

/** Where a lifecycle mail's one-click unsubscribe (RFC 8058) is posted; a GET shows a page. */
export const UNSUBSCRIBE_ROUTE = '/api/notifications/unsubscribe';
/** The page that asks to confirm, for mail readers and scanners that only follow links. */
export const UNSUBSCRIBE_PAGE = '/notifications/unsubscribe';

const UNSUBSCRIBE = 'notification-unsubscribe';

/**
 * The learner and the switch, signed: an unsubscribe link that works without signing in. The
 * switch leads, in the clear, for the page that asks to confirm.
 */
export function unsubscribeToken(
  secret: string,
  userId: string,
  switchName: NotificationSwitch,
): string {
  return `${switchName}.${signToken(secret, UNSUBSCRIBE, `${switchName}:${userId}`)}`;
}

/** The learner and switch a token names, or a 400 for a token that was not signed here. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; switchName: NotificationSwitch } {
  const switchName = switchOfUnsubscribeToken(token);
  const signed = readSignedToken(secret, UNSUBSCRIBE, token.slice(token.indexOf('.') + 1));
  if (!switchName || !signed?.startsWith(`${switchName}:`)) {
    throw new AppError('bad_request', 'This unsubscribe link is not valid.', { token: 'invalid' });
  }
  return { userId: signed.slice(switchName.length + 1), switchName };
}

/**
 * A mail a learner's switch governs: its text ends with why it came and a link to stop it, and
 * its headers carry the one-click unsubscribe mail providers show beside the sender.
 */
export function lifecycleMail(
  config: MailContext['config'],
  learner: Pick<UserRecord, 'id' | 'email'>,
  switchName: NotificationSwitch,
  message: { subject: string; text: string },
): MailMessage {
  const token = unsubscribeToken(config.authSecret, learner.id, switchName);
  const query = `token=${encodeURIComponent(token)}`;
  const label = notificationSwitchLabels[switchName];
  return {
    to: learner.email,
    subject: message.subject,
    text: [
      message.text,
      '',
      '--',
      `You receive this because ${label} is on in your Settings. To turn it off with one click:`,
      `${config.appUrl}${UNSUBSCRIBE_PAGE}?${query}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${config.appUrl}${UNSUBSCRIBE_ROUTE}?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The learners of `userIds` a mail under `switchName` may go to: accounts that exist, are not
 * admins (who open every course), are not disabled, and have the switch on.
 */
export async function listMailableLearners(
  { db }: MailContext,
  userIds: readonly string[],
  switchName: NotificationSwitch,
): Promise<UserRecord[]> {
  const unique = [...new Set(userIds)];
  const [learners, preferences] = await Promise.all([
    listUsersByIds(db, unique),
    listNotificationPreferences(db, unique),
  ]);
  const mailable: UserRecord[] = [];
  for (const id of unique) {
    const learner = learners.get(id);
    if (!learner || learner.role === 'admin') continue;
    if (!mayMail(preferences.get(id)!, switchName)) continue;
    if (await getDisabledAt(db, id)) continue;
    mailable.push(learner);
  }
  return mailable;
}
