import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { diagnosticsSchema, overviewSchema } from '../../shared/api/admin.ts';
import { requireAdmin } from '../http/guards.ts';
import { getDiagnostics } from './get-diagnostics.ts';
import { getOverview } from './get-overview.ts';

/** The programme's numbers, and read-only diagnostics of the running system. */
export async function adminOverviewRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/overview',
    { preValidation: requireAdmin, schema: { response: { 200: overviewSchema } } },
    async () => getOverview(app),
  );

  routes.get(
    '/api/admin/diagnostics',
    { preValidation: requireAdmin, schema: { response: { 200: diagnosticsSchema } } },
    async () => getDiagnostics(app),
  );
}
