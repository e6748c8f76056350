import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

export const PRUNE_QUEUE = 'prune-hourly';

/**
 * Every hour, on one process of however many: the rate-limit counters, Better Auth's own, the
 * mail outbox, the expired auth mail, the pictures no course names. A prune that fails is logged and the others still run.
 */
export function pruneHourly(
  app: FastifyInstance,
  prunes: ((db: Database) => Promise<number>)[],
): void {
  app.jobs.define(
    PRUNE_QUEUE,
    { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 600 },
    async () => {
      const results = await Promise.allSettled(prunes.map((prune) => prune(app.db)));
      for (const result of results) {
        if (result.status === 'rejected')
          app.log.error({ err: result.reason }, 'an hourly prune failed');
      }
    },
  );
  app.jobs.every(PRUNE_QUEUE, '0 * * * *');
}
