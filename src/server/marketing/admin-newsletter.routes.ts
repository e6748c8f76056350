import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscriberListSchema } from '../../shared/api/admin.ts';
import { pageQuerySchema } from '../../shared/api/pagination.ts';
import { requireAdmin } from '../http/guards.ts';
import { requireFreshSecondFactor } from '../users/fresh-second-factor.ts';
import { exportSubscribersCsv, listSubscribers } from './newsletter.ts';

/** The admin's list of newsletter subscribers, and the same as CSV. */
export async function adminNewsletterRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/newsletter',
    {
      schema: { querystring: pageQuerySchema, response: { 200: subscriberListSchema } },
      preValidation: requireAdmin,
    },
    async (request) => listSubscribers(app.db, request.query),
  );

  routes.get(
    '/api/admin/newsletter.csv',
    { preValidation: [requireAdmin, requireFreshSecondFactor] },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .send(await exportSubscribersCsv(app.db)),
  );
}
