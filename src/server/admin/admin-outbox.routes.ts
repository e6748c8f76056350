import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  outboxMailParamsSchema,
  revealedOutboxMailSchema,
  revealOutboxMailSchema,
} from '../../shared/api/mail.ts';
import { requireAdmin } from '../http/guards.ts';
import { limitUserRequests } from '../http/rate-limit.ts';
import { revealOutboxMail } from './reveal-outbox-mail.ts';

const revealLimit = {
  name: 'outbox-reveal',
  max: 10,
  windowSeconds: 15 * 60,
  message: 'Too many reveals. Please wait 15 minutes.',
};

/** The Outbox's Reveal: a kept sign-in link, shown with a fresh second factor and recorded. */
export async function adminOutboxRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/admin/outbox/:id/reveal',
    {
      schema: {
        params: outboxMailParamsSchema,
        body: revealOutboxMailSchema,
        response: { 200: revealedOutboxMailSchema },
      },
      preValidation: [requireAdmin, limitUserRequests(revealLimit)],
    },
    async (request) => revealOutboxMail(request, request.params.id, request.body.code),
  );
}
