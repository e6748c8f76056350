import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import { accountControlMessages } from '../../shared/rules/admin.ts';
import { AppError } from '../http/errors.ts';
import { endAllSessions, setAccountDisabled } from '../users/account-controls.ts';
import { requireUserRecord } from './require-user-record.ts';

/** Ends every session of the user: each of their devices is signed out at its next request. */
export async function endUserSessions(
  app: FastifyInstance,
  admin: SessionUser,
  userId: string,
): Promise<void> {
  const user = await requireUserRecord(app.db, userId);
  await endAllSessions(app.db, user.id, admin);
}

/** Disables (signs out, refuses sign-in) or enables an account; never the admin's own. */
export async function setUserDisabled(
  app: FastifyInstance,
  admin: SessionUser,
  userId: string,
  isDisabled: boolean,
): Promise<void> {
  const user = await requireUserRecord(app.db, userId);
  if (isDisabled && user.id === admin.id) {
    throw new AppError('conflict', accountControlMessages.cannotDisableSelf);
  }
  await setAccountDisabled(app.db, user.id, isDisabled, admin);
}
