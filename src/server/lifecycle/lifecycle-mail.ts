import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  mayMail,
  notificationSwitchLabels,
  switchOfUnsubscribeToken,
  type NotificationSwitch,
} from '../../shared/rules/account.ts';
import { AppError } from '../http/errors.ts';
import type { MailMessage } from '../mail/send-mail.ts';
import { getDisabledAt } from '../users/account-controls.ts';
import { listUsersByIds, type UserRecord } from '../users/find-users.ts';
import { listNotificationPreferences } from '../users/users.ts';

type MailContext = Pick<FastifyInstance, 'db' | 'config'>;

/** Where a lifecycle mail's one-click unsubscribe (RFC 8058) is posted; a GET shows a page. */
export const UNSUBSCRIBE_ROUTE = '/api/notifications/unsubscribe';
/** The page that asks to confirm, for mail readers and scanners that only follow links. */
export const UNSUBSCRIBE_PAGE = '/notifications/unsubscribe';

/** The learner and the switch, signed: an unsubscribe link that works without signing in. */
export function unsubscribeToken(
  secret: string,
  userId: string,
  switchName: NotificationSwitch,
): string {
  return `${Buffer.from(userId).toString('base64url')}.${switchName}.${signatureOf(secret, userId, switchName)}`;
}

function signatureOf(secret: string, userId: string, switchName: NotificationSwitch): string {
  return createHmac('sha256', secret)
    .update(`notification-unsubscribe:${userId}:${switchName}`)
    .digest('base64url');
}

/** The learner and switch a token names, or a 400 for a token that was not signed here. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; switchName: NotificationSwitch } {
  const [encoded = '', , signature = ''] = token.split('.');
  const switchName = switchOfUnsubscribeToken(token);
  const userId = Buffer.from(encoded, 'base64url').toString();
  const expected = switchName && Buffer.from(signatureOf(secret, userId, switchName));
  const given = Buffer.from(signature);
  if (
    !userId ||
    !expected ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    throw new AppError('bad_request', 'This unsubscribe link is not valid.', { token: 'invalid' });
  }
  return { userId, switchName };
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
