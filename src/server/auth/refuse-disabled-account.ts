import { APIError } from 'better-auth/api';
import { accountControlMessages } from '../../shared/rules/admin.ts';
import type { Database } from '../db/client.ts';
import { isAccountDisabled } from '../users/account-controls.ts';

/**
 * Better Auth's `session.create.before`: an account an admin disabled gets no session, whichever
 * door it comes through (password, confirmation link, second factor).
 */
export function refuseDisabledAccount(db: Database) {
  return async (session: { userId: string }): Promise<void> => {
    if (await isAccountDisabled(db, session.userId)) {
      throw new APIError('FORBIDDEN', { message: accountControlMessages.accountDisabled });
    }
  };
}
