import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { safetyEventsQuerySchema, safetyEventsSchema } from '../../shared/api/companion.ts';
import { requireAdmin } from '../http/guards.ts';
import type { CompanionContext } from './companion-context.ts';
import { countSafetyEvents } from './safety-check.ts';

/** The admin's count of safety responses over the last days: counts only, never what was written. */
export async function adminSafetyEventsRoutes(
  app: FastifyInstance,
  { companion }: { companion: CompanionContext },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/companion/safety-events',
    {
      preValidation: requireAdmin,
      schema: { querystring: safetyEventsQuerySchema, response: { 200: safetyEventsSchema } },
    },
    async (request) => {
      const since = new Date(Date.now() - request.query.days * 24 * 60 * 60 * 1000);
      return { since: since.toISOString(), counts: await countSafetyEvents(companion, since) };
    },
  );
}
