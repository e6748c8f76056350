import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myAccessResponseSchema } from '../../shared/api/access.ts';
import { requireUser } from '../http/guards.ts';
import { getMyAccess } from './course-access.ts';

export async function accessRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/me/access',
      { preValidation: requireUser, schema: { response: { 200: myAccessResponseSchema } } },
      async (request) => getMyAccess(app, request.user),
    );
}
