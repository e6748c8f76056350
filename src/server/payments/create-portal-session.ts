import type { SessionUser } from '../../shared/api/auth.ts';
import { checkoutMessages } from '../../shared/rules/purchase.ts';
import { toReturnPath } from '../../shared/rules/return-path.ts';
import { AppError } from '../http/errors.ts';
import { requireSelfOrAdmin } from '../http/guards.ts';
import { findUserIdByStripeCustomerId, getStripeCustomerId } from '../users/users.ts';
import type { PaymentsContext } from './payments-context.ts';

/**
 * Stripe's billing portal for the caller's own customer (an admin may name another). In payment
 * test mode, a page of the app that lists the purchases and says it is a test.
 */
export async function createPortalSession(
  context: PaymentsContext,
  user: SessionUser,
  request: { returnUrl: string; customerId?: string | undefined },
): Promise<{ url: string }> {
  const { appUrl } = context.app.config;
  const returnUrl = toOwnPage(appUrl, request.returnUrl);
  const { db } = context.app;
  const ownCustomerId = await getStripeCustomerId(db, user.id);
  const customerId = request.customerId ?? ownCustomerId;
  // Refused the same in both modes, so that test mode tells no more than live mode.
  if (request.customerId !== undefined && request.customerId !== ownCustomerId) {
    requireSelfOrAdmin(user, await findUserIdByStripeCustomerId(db, request.customerId));
  }
  if (!context.stripe) {
    const returnPath = returnUrl.slice(appUrl.length) || '/';
    return { url: `${appUrl}/billing/test?return=${encodeURIComponent(returnPath)}` };
  }
  if (!customerId) throw new AppError('bad_request', checkoutMessages.noCustomer);
  return { url: await context.stripe.createPortalSession(customerId, returnUrl) };
}

/** The portal sends people back only to a page of this site, never elsewhere. */
function toOwnPage(appUrl: string, returnUrl: string): string {
  const isOnSite = returnUrl === appUrl || returnUrl.startsWith(`${appUrl}/`);
  const returnPath = toReturnPath(isOnSite ? returnUrl.slice(appUrl.length) || '/' : returnUrl);
  if (returnPath) return `${appUrl}${returnPath}`;
  throw new AppError('bad_request', 'returnUrl: expected a page of this site', {
    returnUrl: 'expected a page of this site',
  });
}
