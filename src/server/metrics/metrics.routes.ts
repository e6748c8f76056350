import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../http/errors.ts';

/**
 * Called on the root instance, not registered, so its hook counts every route's answers.
 * Prometheus metrics at /api/metrics: requests and their latency by route template (never a
 * path with ids in it), the process's own figures, and safety events as counts by path and
 * signal only. Read with METRICS_TOKEN as a bearer token (a scraper has no admin session and
 * no second factor); without that variable the route answers 404.
 */
/** What the metrics read from other folders, handed in by app.ts (a leaf imports no sibling). */
interface MetricSources {
  readBackupStatus: (db: FastifyInstance['db']) => Promise<{
    lastSuccess: { at: Date } | null;
    lastFailure: { at: Date } | null;
  }>;
  countOutboxByStatus: (db: FastifyInstance['db']) => Promise<Record<string, number>>;
}

export function serveMetrics(
  app: FastifyInstance,
  { readBackupStatus, countOutboxByStatus }: MetricSources,
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'companion_safety_events_total',
    help: 'Times learners were met with the safety response, by path and signal (counts only)',
    labelNames: ['path', 'signal'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await app.db.$client.query<{ path: string; signal: string; count: string }>(
        'select path, signal, count(*)::text as count from companion_safety_events group by path, signal',
      );
      for (const row of rows) this.set({ path: row.path, signal: row.signal }, Number(row.count));
    },
  });

  new Gauge({
    name: 'mail_outbox_messages',
    help: 'Mail in the outbox (kept 7 days) by status: queued to send, sent, failed after every retry, kept unsent',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [status, count] of Object.entries(await countOutboxByStatus(app.db))) {
        this.set({ status }, count);
      }
    },
  });
  new Gauge({
    name: 'backup_last_run_timestamp_seconds',
    help: 'When the newest backup that succeeded, and the newest that failed, was taken (Unix time)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { lastSuccess, lastFailure } = await readBackupStatus(app.db);
      if (lastSuccess) this.set({ status: 'succeeded' }, lastSuccess.at.getTime() / 1000);
      if (lastFailure) this.set({ status: 'failed' }, lastFailure.at.getTime() / 1000);
    },
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/api/metrics', async (request, reply) => {
    const token = app.config.metricsToken;
    if (!token) throw new AppError('not_found', 'Metrics are off: set METRICS_TOKEN.');
    if (!hasBearer(request, token)) {
      throw new AppError('unauthorized', 'Metrics need Authorization: Bearer METRICS_TOKEN.');
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}

function hasBearer(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization?.replace(/^Bearer /, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
