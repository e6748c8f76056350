import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactMessageInputSchema, contactMessageSentSchema } from '../../shared/api/marketing.ts';
import { limitRequests } from '../http/rate-limit.ts';
import { submitContactMessage } from './contact-messages.ts';

/** A visitor with a real question writes once or twice; a script writing on is stopped. */
export const contactMessageRateLimit = {
  name: 'contact-message',
  max: 5,
  windowSeconds: 60 * 60,
  message: 'Too many messages from your address. Please try again in an hour.',
};

export async function contactMessagesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/contact-messages',
    {
      schema: { body: contactMessageInputSchema, response: { 201: contactMessageSentSchema } },
      onRequest: limitRequests(contactMessageRateLimit),
    },
    async (request, reply) => reply.status(201).send(await submitContactMessage(app, request.body)),
  );
}
