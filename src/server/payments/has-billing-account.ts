import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { checkoutSessions } from '../db/schema/payments.ts';
import { getStripeCustomerId } from '../users/users.ts';

/**
 * Whether the billing portal has something to show the user: with Stripe, a customer of ours
 * (an admin's "Paid" grant makes none); in payment test mode, a test purchase.
 */
export async function hasBillingAccount(app: FastifyInstance, userId: string): Promise<boolean> {
  if (app.config.stripe.secretKey) return (await getStripeCustomerId(app.db, userId)) !== null;
  const [purchase] = await app.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), isNotNull(checkoutSessions.fulfilledAt)))
    .limit(1);
  return purchase !== undefined;
}
