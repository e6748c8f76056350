import { deleteReleaseNoticesTo } from '../catalogue/release-notices.ts';
import type { FastifyInstance } from 'fastify';
import type { DeleteAccountInput } from '../../shared/api/account.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { accountMessages } from '../../shared/rules/account.ts';
import { forgetAccessActor } from '../access/learner-data.ts';
import { promptAdminTraces } from '../companion/update-system-prompt.ts';
import { deleteUserRecords } from '../auth/delete-user.ts';
import { deleteBetaOffersTo } from '../beta/learner-data.ts';
import { deleteOutboxMailAbout } from '../mail/outbox.ts';
import { deleteVisitorData } from '../marketing/visitor-data.ts';
import { anonymisePurchases } from '../payments/buyer-data.ts';
import { listUserSubscriptions } from '../payments/subscriptions.ts';
import { AppError } from '../http/errors.ts';
import { forgetUserRateLimits } from '../http/rate-limit.ts';
import { contentAdminTraces } from '../content/admin-traces.ts';
import { forgetAdmin } from '../db/forget-admin.ts';
import { settingsAdminTraces } from '../settings/update-settings.ts';
import { accountEventAdminTraces } from '../users/account-controls.ts';
import { adminReadTraces } from '../users/admin-reads.ts';
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
    // What an admin did stays on record, unnamed: each feature names the columns that name them.
    await forgetAdmin(tx, user, [
      adminReadTraces,
      accountEventAdminTraces,
      settingsAdminTraces,
      contentAdminTraces,
      promptAdminTraces,
    ]);
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
