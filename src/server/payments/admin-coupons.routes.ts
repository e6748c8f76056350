import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  couponInputSchema,
  couponParamsSchema,
  couponSchema,
  couponsSchema,
} from '../../shared/api/coupons.ts';
import { requireAdmin } from '../http/guards.ts';
import { requireFreshSecondFactor } from '../users/fresh-second-factor.ts';
import { createCoupon, listCoupons, updateCoupon } from './coupons.ts';
import type { PaymentsContext } from './payments-context.ts';

/**
 * The admin panel's Coupons (docs/decisions/039-coupons.md). Making or changing a code changes
 * what buyers pay: it needs a fresh second factor, as refunds do.
 */
export async function adminCouponsRoutes(
  app: FastifyInstance,
  { context }: { context: PaymentsContext },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/coupons',
    { preValidation: requireAdmin, schema: { response: { 200: couponsSchema } } },
    async () => listCoupons(context),
  );

  routes.post(
    '/api/admin/coupons',
    {
      preValidation: [requireAdmin, requireFreshSecondFactor],
      schema: { body: couponInputSchema, response: { 200: couponSchema } },
    },
    async (request) => createCoupon(context, request.body),
  );

  routes.put(
    '/api/admin/coupons/:id',
    {
      preValidation: [requireAdmin, requireFreshSecondFactor],
      schema: {
        params: couponParamsSchema,
        body: couponInputSchema,
        response: { 200: couponSchema },
      },
    },
    async (request) => updateCoupon(context, request.params.id, request.body),
  );
}
