import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOkSchema } from '../../shared/api/admin.ts';
import {
  failedJobListSchema,
  failedJobParamsSchema,
  jobMessages,
  type FailedJob as FailedJobView,
} from '../../shared/api/jobs.ts';
import { AppError } from '../http/errors.ts';
import { requireAdmin } from '../http/guards.ts';
import type { FailedJob } from './job-queue.ts';

/** The dead-letter list: jobs every attempt of which failed, to try again or discard. */
export async function adminJobsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/jobs/failed',
    { preValidation: requireAdmin, schema: { response: { 200: failedJobListSchema } } },
    async () => ({ jobs: (await app.jobs.listFailed()).map(viewOf) }),
  );

  const options = {
    preValidation: requireAdmin,
    schema: { params: failedJobParamsSchema, response: { 200: adminOkSchema } },
  };

  routes.post('/api/admin/jobs/failed/:id/retry', options, async (request) => {
    const job = await app.jobs.retryFailed(request.params.id);
    if (!job) throw new AppError('not_found', jobMessages.notFound);
    request.log.info({ adminId: request.user.id, jobId: job.id, queue: job.queue }, 'job retried');
    return { ok: true as const };
  });

  routes.delete('/api/admin/jobs/failed/:id', options, async (request) => {
    const job = await app.jobs.discardFailed(request.params.id);
    if (!job) throw new AppError('not_found', jobMessages.notFound);
    request.log.info(
      { adminId: request.user.id, jobId: job.id, queue: job.queue },
      'job discarded',
    );
    return { ok: true as const };
  });
}

function viewOf(job: FailedJob): FailedJobView {
  return {
    ...job,
    createdAt: job.createdAt.toISOString(),
    failedAt: job.failedAt?.toISOString() ?? null,
  };
}
