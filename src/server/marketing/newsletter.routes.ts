import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscriberListSchema } from '../../shared/api/admin.ts';
import { pageQuerySchema } from '../../shared/api/pagination.ts';
import {
  newsletterSubscribedSchema,
  newsletterSubscriptionSchema,
  newsletterUnsubscribedSchema,
  newsletterUnsubscribeSchema,
} from '../../shared/api/marketing.ts';
import { requireFreshSecondFactor } from '../users/fresh-second-factor.ts';
import { requireAdmin } from '../http/guards.ts';
import { limitRequests } from '../http/rate-limit.ts';
import {
  exportSubscribersCsv,
  listSubscribers,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from './newsletter.ts';

export const newsletterRateLimit = {
  name: 'newsletter',
  max: 10,
  windowSeconds: 60 * 60,
  message: 'Too many subscriptions from your address. Please try again in an hour.',
};

export async function newsletterRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/newsletter',
    {
      schema: { body: newsletterSubscriptionSchema, response: { 200: newsletterSubscribedSchema } },
      bodyLimit: 2 * 1024,
      onRequest: limitRequests(newsletterRateLimit),
    },
    async (request) => {
      await subscribeToNewsletter(app, request.body.email);
      return { subscribed: true as const };
    },
  );

  routes.post(
    '/api/newsletter/unsubscribe',
    {
      schema: {
        body: newsletterUnsubscribeSchema,
        response: { 200: newsletterUnsubscribedSchema },
      },
    },
    async (request) => {
      await unsubscribeFromNewsletter(app, request.body.token);
      return { unsubscribed: true as const };
    },
  );

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
