import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  declineRefundSchema,
  inboxItemParamsSchema,
  inboxItemSchema,
  inboxQuerySchema,
  inboxSchema,
  inboxStateSchema,
  refundRequestParamsSchema,
  type InboxItem,
} from '../../shared/api/inbox.ts';
import { requireAdmin } from '../http/guards.ts';
import { declineRefundRequest } from '../payments/refund-requests.ts';
import { requireFreshSecondFactor } from '../users/fresh-second-factor.ts';
import { getInbox, setInboxItemState } from './get-inbox.ts';

export interface AdminInboxOptions {
  /** Refunds the request's purchase through payments, with the app's refund hooks (app.ts). */
  grantRefundRequest: (requestId: string) => Promise<InboxItem>;
}

/**
 * The creator's Inbox (issue 34): assessments and refund requests, each new, answered or closed.
 * Refund and Decline move money or tell a learner no: they need a fresh second factor.
 */
export async function adminInboxRoutes(app: FastifyInstance, options: AdminInboxOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/inbox',
    {
      preValidation: requireAdmin,
      schema: { querystring: inboxQuerySchema, response: { 200: inboxSchema } },
    },
    async (request) => getInbox(app, request.query),
  );

  routes.patch(
    '/api/admin/inbox/:kind/:id',
    {
      preValidation: requireAdmin,
      schema: {
        params: inboxItemParamsSchema,
        body: inboxStateSchema,
        response: { 200: inboxItemSchema },
      },
    },
    async (request) => setInboxItemState(app, request.params, request.body.state),
  );

  routes.post(
    '/api/admin/refund-requests/:id/refund',
    {
      preValidation: [requireAdmin, requireFreshSecondFactor],
      schema: { params: refundRequestParamsSchema, response: { 200: inboxItemSchema } },
    },
    async (request) => options.grantRefundRequest(request.params.id),
  );

  routes.post(
    '/api/admin/refund-requests/:id/decline',
    {
      preValidation: [requireAdmin, requireFreshSecondFactor],
      schema: {
        params: refundRequestParamsSchema,
        body: declineRefundSchema,
        response: { 200: inboxItemSchema },
      },
    },
    async (request) => declineRefundRequest(app, request.params.id, request.body.reason),
  );
}
