import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOkSchema } from '../../shared/api/admin.ts';
import { testClockTickSchema } from '../../shared/api/jobs.ts';
import { requireAdmin } from '../http/guards.ts';

/**
 * The end-to-end journeys' movable clock (docs/decisions/037): one tick of the clock at the time
 * given, as a test moves it with `app.clock.tick`. Registered only with TEST_CLOCK=on, which the
 * config refuses in production and whenever Stripe keys are set.
 */
export async function adminTestClockRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/admin/test-clock/tick',
    {
      preValidation: requireAdmin,
      schema: { body: testClockTickSchema, response: { 200: adminOkSchema } },
    },
    async (request) => {
      await app.clock.tick(new Date(request.body.now), request.body.tasks);
      return { ok: true as const };
    },
  );
}
