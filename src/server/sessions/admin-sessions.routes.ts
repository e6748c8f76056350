import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSessionSchema,
  adminSessionsResponseSchema,
  availabilityResponseSchema,
  availabilitySchema,
  cancelSessionResponseSchema,
  cancelSessionSchema,
  meetingLinkSchema,
  sessionIdParamsSchema,
} from '../../shared/api/sessions.ts';
import { requireAdmin } from '../http/guards.ts';
import { requireFreshSecondFactor } from '../users/fresh-second-factor.ts';
import {
  cancelSessionByAdmin,
  listAdminSessions,
  markSessionHeld,
  setMeetingLink,
} from './admin-sessions.ts';
import { readAvailabilityForAdmin, saveAvailability } from './availability.ts';
import type { SessionsContext } from './sessions-context.ts';

/** The creator's view of one-to-one sessions (issue 22): opening hours and every booking. */
export async function adminSessionsRoutes(
  app: FastifyInstance,
  { context }: { context: SessionsContext },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/sessions/availability',
    { preValidation: requireAdmin, schema: { response: { 200: availabilityResponseSchema } } },
    async () => readAvailabilityForAdmin(app),
  );

  routes.put(
    '/api/admin/sessions/availability',
    {
      preValidation: requireAdmin,
      schema: { body: availabilitySchema, response: { 200: availabilityResponseSchema } },
    },
    async (request) => saveAvailability(app, request.body),
  );

  routes.get(
    '/api/admin/sessions',
    { preValidation: requireAdmin, schema: { response: { 200: adminSessionsResponseSchema } } },
    async () => listAdminSessions(app),
  );

  routes.put(
    '/api/admin/sessions/:id/meeting-link',
    {
      preValidation: requireAdmin,
      schema: {
        params: sessionIdParamsSchema,
        body: meetingLinkSchema,
        response: { 200: adminSessionSchema },
      },
    },
    async (request) =>
      setMeetingLink(app, request.user, request.params.id, request.body.meetingUrl),
  );

  routes.post(
    '/api/admin/sessions/:id/cancel',
    {
      preValidation: [requireAdmin, requireFreshSecondFactor],
      schema: {
        params: sessionIdParamsSchema,
        body: cancelSessionSchema,
        response: { 200: cancelSessionResponseSchema },
      },
    },
    async (request) =>
      cancelSessionByAdmin(context, request.user, request.params.id, request.body.reason),
  );

  routes.post(
    '/api/admin/sessions/:id/held',
    {
      preValidation: requireAdmin,
      schema: { params: sessionIdParamsSchema, response: { 200: adminSessionSchema } },
    },
    async (request) => markSessionHeld(app, request.params.id),
  );
}
