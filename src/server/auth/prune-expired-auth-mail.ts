import type { Database } from '../db/client.ts';
import { deleteOutboxMailWithExpiredLink } from '../mail/outbox.ts';
import type { Auth } from './auth.ts';

const HOUR = 60 * 60;

/**
 * Without SMTP the outbox keeps the reset and confirmation mails, whose links sign a person in
 * or set their password: each goes once its link has expired, by the lifetimes Better Auth was
 * given (auth.ts), so the table holds no live token longer than the link lives (plus up to the
 * hour between prunes).
 */
export async function pruneExpiredAuthMail(auth: Auth, db: Database): Promise<number> {
  const { emailAndPassword, emailVerification } = auth.options;
  const removed = await Promise.all([
    deleteOutboxMailWithExpiredLink(db, {
      linkPath: '/api/auth/reset-password/',
      lifetimeSeconds: emailAndPassword.resetPasswordTokenExpiresIn ?? HOUR,
    }),
    deleteOutboxMailWithExpiredLink(db, {
      linkPath: '/api/auth/verify-email?',
      lifetimeSeconds: emailVerification.expiresIn ?? HOUR,
    }),
  ]);
  return removed[0] + removed[1];
}
