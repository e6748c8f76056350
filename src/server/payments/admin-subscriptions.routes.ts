import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscriptionsAtRiskResponseSchema } from '../../shared/api/payments.ts';
import { requireAdmin } from '../http/guards.ts';
import { listSubscriptionsAtRisk } from './payment-grace.ts';
import type { PaymentsContext } from './payments-context.ts';

/** The admin's Payments at risk: renewals left unpaid, in their grace or paused (decision 038). */
export async function adminSubscriptionsRoutes(
  app: FastifyInstance,
  { context }: { context: PaymentsContext },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/subscriptions-at-risk',
    {
      preValidation: requireAdmin,
      schema: { response: { 200: subscriptionsAtRiskResponseSchema } },
    },
    async () => ({ subscriptions: await listSubscriptionsAtRisk(context) }),
  );
}
