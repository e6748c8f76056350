import type { FastifyInstance } from 'fastify';
import { isDatabaseUp } from '../db/client.ts';
import { checkReadiness } from './readiness.ts';

/**
 * `/api/health` as before (the database answers); `/live` for a supervisor (the process
 * answers); `/ready` for a load balancer (it can write, mail and take payments).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    const isUp = await isDatabaseUp(app.db.$client);
    return reply.status(isUp ? 200 : 503).send({
      status: isUp ? 'ok' : 'degraded',
      database: isUp ? 'up' : 'down',
      paymentMode: app.config.paymentMode,
    });
  });

  app.get('/api/health/live', async () => ({ status: 'live' }));

  app.get('/api/health/ready', async (_request, reply) => {
    const { isReady, ...parts } = await checkReadiness(app.db.$client, app.config);
    return reply
      .status(isReady ? 200 : 503)
      .send({ status: isReady ? 'ready' : 'not ready', ...parts });
  });
}
