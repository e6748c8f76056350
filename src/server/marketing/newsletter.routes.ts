import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  newsletterSubscribedSchema,
  newsletterSubscriptionSchema,
  newsletterUnsubscribedSchema,
  newsletterUnsubscribeSchema,
} from '../../shared/api/marketing.ts';
import { limitRequests } from '../http/rate-limit.ts';
import { subscribeToNewsletter, unsubscribeFromNewsletter } from './newsletter.ts';

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
}
