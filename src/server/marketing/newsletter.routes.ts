import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  newsletterSubscribedSchema,
  newsletterSubscriptionSchema,
} from '../../shared/api/marketing.ts';
import { limitRequests } from '../http/rate-limit.ts';
import { subscribeToNewsletter } from './newsletter.ts';

export const newsletterRateLimit = {
  name: 'newsletter',
  max: 10,
  windowSeconds: 60 * 60,
  message: 'Too many subscriptions from your address. Please try again in an hour.',
};

export async function newsletterRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/newsletter',
    {
      schema: { body: newsletterSubscriptionSchema, response: { 200: newsletterSubscribedSchema } },
      preHandler: limitRequests(newsletterRateLimit),
    },
    async (request) => {
      await subscribeToNewsletter(app.db, request.body.email);
      return { subscribed: true as const };
    },
  );
}
