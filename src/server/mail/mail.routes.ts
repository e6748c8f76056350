import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OUTBOX_PAGE_SIZE, outboxPageSchema, outboxQuerySchema } from '../../shared/api/mail.ts';
import { requireAdmin } from '../http/guards.ts';
import { listOutboxMail } from './outbox.ts';

export async function mailRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/outbox',
    {
      schema: { querystring: outboxQuerySchema, response: { 200: outboxPageSchema } },
      preValidation: requireAdmin,
    },
    async (request) => {
      const { page } = request.query;
      // The kept mail holds other accounts' live links: who read it is on record.
      request.log.info({ adminId: request.user.id, page }, 'admin read the outbox');
      const listed = await listOutboxMail(app.db, { page, pageSize: OUTBOX_PAGE_SIZE });
      return { mailMode: app.config.mail.mode, page, pageSize: OUTBOX_PAGE_SIZE, ...listed };
    },
  );
}
