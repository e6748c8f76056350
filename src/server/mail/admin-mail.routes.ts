import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OUTBOX_PAGE_SIZE,
  outboxAttachmentParamsSchema,
  outboxMessages,
  outboxPageSchema,
  outboxQuerySchema,
} from '../../shared/api/mail.ts';
import { AppError } from '../http/errors.ts';
import { requireAdmin } from '../http/guards.ts';
import { findOutboxAttachment, listOutboxMail } from './outbox.ts';

export async function adminMailRoutes(app: FastifyInstance) {
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

  routes.get(
    '/api/admin/outbox/:id/attachments/:index',
    { schema: { params: outboxAttachmentParamsSchema }, preValidation: requireAdmin },
    async (request, reply) => {
      const attachment = await findOutboxAttachment(app.db, request.params);
      if (!attachment) throw new AppError('not_found', outboxMessages.attachmentNotFound);
      request.log.info({ adminId: request.user.id, ...request.params }, 'admin read an attachment');
      return reply
        .type(safeContentType(attachment.contentType))
        .header('content-disposition', contentDisposition(attachment.filename))
        .send(
          attachment.encoding === 'base64'
            ? Buffer.from(attachment.content, 'base64')
            : attachment.content,
        );
    },
  );
}

/** Only a plain type names what is sent back; anything else is downloaded as bytes. */
function safeContentType(type: string): string {
  return /^[\w.+-]+\/[\w.+-]+(; ?[\w-]+=[\w.-]+)?$/.test(type) ? type : 'application/octet-stream';
}

/** Always a download, never shown in the admin's page: the file was written for someone else. */
function contentDisposition(filename: string): string {
  const plain = filename.replace(/[^\w. -]/g, '_').slice(0, 100) || 'attachment';
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename.slice(0, 100))}`;
}
