import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import type { Billing, RefundRequestInput } from '../../shared/api/account.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { accountMessages, isWithinRefundWindow } from '../../shared/rules/account.ts';
import { formatEuros } from '../../shared/rules/pricing.ts';
import { getMyAccess } from '../access/course-access.ts';
import { AppError } from '../http/errors.ts';
import { OWN_DATA_ONLY } from '../http/guards.ts';
import type { RateLimitRule } from '../http/rate-limit.ts';
import { nameForMail } from '../mail/send-mail.ts';
import { listUserInvoices } from '../payments/list-invoices.ts';
import { listPurchases } from '../payments/list-purchases.ts';
import { listUserPaymentPlans } from '../payments/payment-plans.ts';
import { createPaymentsContext } from '../payments/payments-context.ts';
import { createRefundRequest } from '../payments/refund-requests.ts';
import { listUserSubscriptions } from '../payments/subscriptions.ts';
import { getStripeCustomerId } from '../users/users.ts';

/** The learner's real plan, what they bought, and whether the billing portal has anything to show. */
export async function getBilling(app: FastifyInstance, user: SessionUser): Promise<Billing> {
  const [access, { purchases }, invoices, subscriptions, customerId, paymentPlans] =
    await Promise.all([
      getMyAccess(app, user),
      listPurchases(createPaymentsContext(app), user),
      listUserInvoices(app.db, user.id),
      listUserSubscriptions(app.db, { userId: user.id }),
      getStripeCustomerId(app.db, user.id),
      listUserPaymentPlans(app.db, user.id),
    ]);
  const now = new Date();
  return {
    plan: access.tier,
    purchases: purchases.map((purchase) => ({
      ...purchase,
      isRefundable:
        !purchase.refundedAt && isWithinRefundWindow(new Date(purchase.purchasedAt), now),
    })),
    invoices,
    paymentPlans,
    hasSubscription: subscriptions.length > 0,
    // In payment test mode the portal is a test page of the app; with Stripe it needs a customer.
    canOpenBillingPortal: !app.config.stripe.secretKey || customerId !== null,
    contactEmail: app.config.contactEmail ?? null,
  };
}

/** Each request is a mail to the operator: a few a day are plenty for one learner. */
export const refundRequestRateLimit: RateLimitRule = {
  name: 'refund-requests',
  max: 3,
  windowSeconds: 24 * 60 * 60,
  message:
    'You have sent several refund requests today. We will answer them by email; please write to us if it is urgent.',
};

/**
 * Keeps the learner's refund request for one of their purchases in the creator's Inbox, and tells
 * the operator's address that it arrived.
 */
export async function requestRefund(
  app: FastifyInstance,
  user: SessionUser,
  { purchaseId, reason }: RefundRequestInput,
): Promise<void> {
  const { contactEmail } = app.config;
  if (!contactEmail) throw new AppError('unavailable', accountMessages.noContactAddress);
  const { purchases } = await listPurchases(createPaymentsContext(app), user);
  const purchase = purchases.find((candidate) => candidate.id === purchaseId);
  if (!purchase) throw new AppError('forbidden', OWN_DATA_ONLY);
  await createRefundRequest(app.db, { userId: user.id, checkoutId: purchase.id, reason });
  await app.mailer.send({
    to: contactEmail,
    subject: `${PRODUCT_NAME}: refund request for order ${purchase.id}`,
    text: [
      `${nameForMail(user)} <${user.email}> asks for a refund.`,
      '',
      `Order reference: ${purchase.id}`,
      `Purchased: ${purchase.purchasedAt}`,
      `Paid: ${formatEuros(purchase.amountPaidCents)}`,
      `Items: ${purchase.items.map((item) => item.name).join(', ')}`,
      `Within the 30-day guarantee: ${isWithinRefundWindow(new Date(purchase.purchasedAt), new Date()) ? 'yes' : 'no'}`,
      '',
      'Reason:',
      reason || '(none given)',
      '',
      `Refund or decline it in the admin panel's Inbox: ${app.config.appUrl}/admin?tab=inbox`,
    ].join('\n'),
  });
}
