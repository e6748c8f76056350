import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../shared/api/dashboard.ts';
import { requireUser } from '../http/guards.ts';
import { getDashboard } from './get-dashboard.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dashboard',
      { preValidation: requireUser, schema: { response: { 200: dashboardSchema } } },
      async (request) => getDashboard(app, request.user),
    );
}
