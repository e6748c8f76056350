import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PICTURES_PATH, pictureFileParamsSchema } from '../../shared/api/content.ts';
import { AppError } from '../http/errors.ts';
import { findPicture } from './course-pictures.ts';

/**
 * The uploaded course pictures, to anyone: a file's name is its SHA-256, so what an address
 * serves never changes and any cache may keep it for a year.
 */
export async function picturesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${PICTURES_PATH}/:file`,
    { schema: { params: pictureFileParamsSchema } },
    async (request, reply) => {
      const picture = await findPicture(app.db, request.params.file);
      if (!picture) throw new AppError('not_found', 'Picture not found');
      // Helmet's nosniff holds the browser to this type: the bytes were checked to be this picture.
      return reply
        .header('content-type', picture.mediaType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(picture.bytes);
    },
  );
}
