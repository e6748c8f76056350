import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmSecondFactorSchema, secondFactorConfirmedSchema } from '../../shared/api/admin.ts';
import { confirmSecondFactor } from '../auth/confirm-second-factor.ts';
import { requireAdmin } from '../http/guards.ts';
import { forgiveHit, limitUserRequests, userLimitKey } from '../http/rate-limit.ts';

/** Only wrong codes count (a right one is forgiven): the limit stops guessing, not an admin at work. */
const confirmLimit = {
  name: 'admin-second-factor',
  max: 10,
  windowSeconds: 15 * 60,
  message: 'Too many codes. Please wait 15 minutes.',
};

/** An admin confirms a fresh authenticator code before a sensitive action (T4-L6). */
export async function adminSecondFactorRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/admin/second-factor',
    {
      schema: {
        body: confirmSecondFactorSchema,
        response: { 200: secondFactorConfirmedSchema },
      },
      preValidation: [requireAdmin, limitUserRequests(confirmLimit)],
    },
    async (request) => {
      const freshUntil = await confirmSecondFactor(request, request.body.code);
      await forgiveHit(app.db, userLimitKey(confirmLimit, request.user.id));
      return { freshUntil: freshUntil.toISOString() };
    },
  );
}
