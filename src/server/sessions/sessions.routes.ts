import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookSessionResponseSchema,
  bookSessionSchema,
  cancelOwnSessionResponseSchema,
  learnerSessionSchema,
  learnerSessionsResponseSchema,
  rescheduleSessionSchema,
  sessionIdParamsSchema,
  sessionOfferSchema,
  slotsResponseSchema,
} from '../../shared/api/sessions.ts';
import { requireUser } from '../http/guards.ts';
import { limitRequests, limitUserRequests } from '../http/rate-limit.ts';
import { bookSession, getSessionOffer, listSlots } from './hold-slot.ts';
import {
  getOwnSession,
  getOwnSessionCalendar,
  listOwnSessions,
  rescheduleSession,
} from './learner-sessions.ts';
import { cancelOwnSession } from './cancel-own-session.ts';
import type { SessionsContext } from './sessions-context.ts';

/** Each booking holds a slot and starts a checkout: a learner needs a few, a script would hoard. */
export const bookSessionRateLimit = {
  name: 'book-session',
  max: 10,
  windowSeconds: 60 * 60,
  message: 'Too many bookings started. Please try again in an hour.',
};

/** Bookings from one client address, whichever accounts it signs in as (T4-M1). */
export const bookSessionAddressRateLimit = {
  name: 'book-session-address',
  max: 20,
  windowSeconds: 60 * 60,
  message: 'Too many bookings started from your network. Please try again in an hour.',
};

/** One-to-one sessions (issue 22): the learner's booking and sessions. */
export async function sessionsRoutes(
  app: FastifyInstance,
  { context }: { context: SessionsContext },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/sessions/offer',
    { schema: { response: { 200: sessionOfferSchema } } },
    async () => getSessionOffer(app),
  );

  routes.get(
    '/api/sessions/slots',
    { preValidation: requireUser, schema: { response: { 200: slotsResponseSchema } } },
    async (request) => listSlots(context, request.user),
  );

  routes.post(
    '/api/sessions/book',
    {
      preValidation: [
        requireUser,
        limitUserRequests(bookSessionRateLimit),
        limitRequests(bookSessionAddressRateLimit),
      ],
      schema: { body: bookSessionSchema, response: { 200: bookSessionResponseSchema } },
    },
    async (request) => bookSession(context, request.user, request.body),
  );

  routes.get(
    '/api/sessions',
    { preValidation: requireUser, schema: { response: { 200: learnerSessionsResponseSchema } } },
    async (request) => listOwnSessions(app, request.user),
  );

  routes.get(
    '/api/sessions/:id',
    {
      preValidation: requireUser,
      schema: { params: sessionIdParamsSchema, response: { 200: learnerSessionSchema } },
    },
    async (request) => getOwnSession(app, request.user, request.params.id),
  );

  routes.get(
    '/api/sessions/:id/calendar',
    { preValidation: requireUser, schema: { params: sessionIdParamsSchema } },
    async (request, reply) => {
      const file = await getOwnSessionCalendar(app, request.user, request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);
    },
  );

  routes.post(
    '/api/sessions/:id/reschedule',
    {
      preValidation: requireUser,
      schema: {
        params: sessionIdParamsSchema,
        body: rescheduleSessionSchema,
        response: { 200: learnerSessionSchema },
      },
    },
    async (request) =>
      rescheduleSession(app, request.user, request.params.id, new Date(request.body.startsAt)),
  );

  routes.post(
    '/api/sessions/:id/cancel',
    {
      preValidation: requireUser,
      schema: { params: sessionIdParamsSchema, response: { 200: cancelOwnSessionResponseSchema } },
    },
    async (request) => cancelOwnSession(context, request.user, request.params.id),
  );
}
