import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  broadcastDraftSchema,
  broadcastListSchema,
  broadcastParamsSchema,
  broadcastPreviewSchema,
  broadcastSchema,
  broadcastTestSentSchema,
  scheduleBroadcastSchema,
} from '../../shared/api/broadcasts.ts';
import { requireAdmin } from '../http/guards.ts';
import { requireFreshSecondFactor } from '../users/fresh-second-factor.ts';
import {
  cancelBroadcast,
  listBroadcasts,
  previewBroadcast,
  scheduleBroadcast,
  sendTestBroadcast,
  type NewsletterSource,
} from './broadcasts.ts';

const bodyLimit = 64 * 1024;

/**
 * The creator's broadcasts: write, preview, test to oneself, schedule. Scheduling (and stopping)
 * what goes out to many people asks for a fresh second factor.
 */
export async function adminBroadcastsRoutes(
  app: FastifyInstance,
  { newsletter }: { newsletter: NewsletterSource },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/broadcasts',
    { preValidation: requireAdmin, schema: { response: { 200: broadcastListSchema } } },
    async () => ({ broadcasts: await listBroadcasts(app) }),
  );

  routes.post(
    '/api/admin/broadcasts/preview',
    {
      preValidation: requireAdmin,
      bodyLimit,
      schema: { body: broadcastDraftSchema, response: { 200: broadcastPreviewSchema } },
    },
    async (request) => previewBroadcast(app, newsletter, request.body),
  );

  routes.post(
    '/api/admin/broadcasts/test',
    {
      preValidation: requireAdmin,
      bodyLimit,
      schema: { body: broadcastDraftSchema, response: { 200: broadcastTestSentSchema } },
    },
    async (request) => sendTestBroadcast(app, request.user, request.body),
  );

  routes.post(
    '/api/admin/broadcasts',
    {
      preValidation: [requireAdmin, requireFreshSecondFactor],
      bodyLimit,
      schema: { body: scheduleBroadcastSchema, response: { 200: broadcastSchema } },
    },
    async (request) => scheduleBroadcast(app, request.body),
  );

  routes.delete(
    '/api/admin/broadcasts/:id',
    {
      preValidation: [requireAdmin, requireFreshSecondFactor],
      schema: { params: broadcastParamsSchema, response: { 200: broadcastSchema } },
    },
    async (request) => cancelBroadcast(app, request.params.id),
  );
}
