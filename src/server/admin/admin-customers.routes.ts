import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { learnerImportReportSchema, learnerImportSchema } from '../../shared/api/admin.ts';
import { bodyLimits } from '../http/body-limits.ts';
import { requireAdmin } from '../http/guards.ts';
import { requireFreshSecondFactor } from '../users/fresh-second-factor.ts';
import { exportCustomers, exportPurchases, importLearners } from './move-learners.ts';

/** Moving in and out: learners imported from a sheet; customers and purchases exported as CSV. */
export async function adminCustomersRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/admin/learner-imports',
    {
      preValidation: requireAdmin,
      bodyLimit: bodyLimits.learnerSheet,
      schema: { body: learnerImportSchema, response: { 200: learnerImportReportSchema } },
    },
    async (request) => importLearners(app, request.user, request.body),
  );

  const csvDownload = (name: string, csv: string) => ({
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    body: csv,
  });

  routes.get(
    '/api/admin/customers.csv',
    { preValidation: [requireAdmin, requireFreshSecondFactor] },
    async (request, reply) => {
      const { body, ...headers } = csvDownload(
        'customers',
        await exportCustomers(app, request.user),
      );
      return reply.headers(headers).send(body);
    },
  );

  routes.get(
    '/api/admin/purchases.csv',
    { preValidation: [requireAdmin, requireFreshSecondFactor] },
    async (request, reply) => {
      const { body, ...headers } = csvDownload(
        'purchases',
        await exportPurchases(app, request.user),
      );
      return reply.headers(headers).send(body);
    },
  );
}
