import type { FastifyRequest } from 'fastify';
import type { OutboxMail } from '../../shared/api/mail.ts';
import { confirmSecondFactor } from '../auth/confirm-second-factor.ts';
import { AppError } from '../http/errors.ts';
import { findOutboxMail } from '../mail/outbox.ts';
import { recordAccountEvent } from '../users/account-controls.ts';
import { findUserIdByEmail } from '../users/find-users.ts';

/**
 * One kept mail whole, sign-in link included (T4-M2): only with a fresh code from the admin's
 * authenticator, and written into the history and export of the account it was sent to.
 */
export async function revealOutboxMail(
  request: FastifyRequest,
  mailId: number,
  code: string,
): Promise<OutboxMail> {
  await confirmSecondFactor(request, code);
  const { db } = request.server;
  const mail = await findOutboxMail(db, mailId);
  if (!mail) throw new AppError('not_found', 'Mail not found');
  const userId = await findUserIdByEmail(db, mail.to);
  if (userId) await recordAccountEvent(db, userId, 'outbox-mail-revealed', request.user);
  request.log.warn(
    { adminId: request.user.id, mailId, userId },
    'an admin revealed a kept mail with its links',
  );
  return mail;
}
