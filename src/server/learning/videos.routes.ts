import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { videoParamsSchema, videoSchema } from '../../shared/api/video.ts';
import { requireUser } from '../http/guards.ts';
import { getCatalogueVideo } from './get-catalogue-video.ts';

export async function videoRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/videos/:id',
    {
      preValidation: requireUser,
      schema: { params: videoParamsSchema, response: { 200: videoSchema } },
    },
    async (request) => getCatalogueVideo(app, request.user, request.params.id),
  );
}
