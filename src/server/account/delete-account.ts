import { deleteReleaseNoticesTo } from '../catalogue/release-notices.ts';
import type { FastifyInstance } from 'fastify';
import type { DeleteAccountInput } from '../../shared/api/account.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { accountMessages } from '../../shared/rules/account.ts';
import { forgetAccessActor } from '../access/learner-data.ts';
import { forgetPromptActor } from '../companion/update-system-prompt.ts';
import { deleteUserRecords } from '../auth/delete-user.ts';
import { deleteBetaOffersTo } from '../beta/learner-data.ts';
import { deleteOutboxMailAbout } from '../mail/outbox.ts';
import { deleteVisitorData } from '../marketing/visitor-data.ts';
import { anonymisePurchases } from '../payments/buyer-data.ts';
import { listUserSubscriptions } from '../payments/subscriptions.ts';
import { AppError } from '../http/errors.ts';
import { forgetUserRateLimits } from '../http/rate-limit.ts';
import { forgetContentActor } from '../content/forget-content-actor.ts';
import { forgetSettingsActor } from '../settings/update-settings.ts';
import { forgetAccountActor } from '../users/account-controls.ts';
import { forgetAdminReader } from '../users/admin-reads.ts';
import { asWrongPassword, type AuthCall } from './auth-session.ts';

const renewingStatuses = new Set(['active', 'trialing', 'past_due', 'unpaid']);

/**
 * Deletes the account once its password is confirmed, in one transaction: completed payments
 * stay as anonymous records (the law keeps them), everything else of the learner goes. The
 * customer at Stripe is left as it is: Stripe keeps its own payment records.
 * user-data-tables.ts lists how each table that names a user is covered.
 */
export async function deleteAccount(
  app: FastifyInstance,
  user: SessionUser,
  call: AuthCall,
  { password }: DeleteAccountInput,
): Promise<void> {
  await call.auth
    .verifyPassword({ headers: call.headers, body: { password } })
    .catch(asWrongPassword('password', accountMessages.currentPasswordWrong));
  // Stripe would go on charging a subscription whose account no longer exists.
  const subscriptions = await listUserSubscriptions(app.db, { userId: user.id });
  if (subscriptions.some((subscription) => renewingStatuses.has(subscription.status))) {
    throw new AppError('conflict', accountMessages.subscriptionStillActive);
  }
  await app.db.transaction(async (tx) => {
    await anonymisePurchases(tx, user.id);
    await forgetAccessActor(tx, user.id);
    await forgetAdminReader(tx, user.id);
    await forgetAccountActor(tx, user.id);
    await forgetSettingsActor(tx, user);
    await forgetContentActor(tx, user);
    await forgetPromptActor(tx, user);
    await forgetUserRateLimits(tx, user.id);
    // What was sent with an address belongs to its owner: an unconfirmed account is not proof.
    if (user.emailVerified) {
      await deleteBetaOffersTo(tx, user.email);
      await deleteVisitorData(tx, user.email);
      await deleteReleaseNoticesTo(tx, user.email);
      await deleteOutboxMailAbout(tx, user.email);
    }
    await deleteUserRecords(tx, user.id);
  });
}
