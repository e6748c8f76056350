import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uploadedPictureSchema } from '../../shared/api/content.ts';
import { PICTURE_MAX_BYTES, pictureMessages } from '../../shared/rules/picture-file.ts';
import { AppError } from '../http/errors.ts';
import { requireAdmin } from '../http/guards.ts';
import { savePicture } from './course-pictures.ts';

/**
 * An admin uploads a course picture (issue 36.1) as the file's bytes, whatever the request calls
 * them: the bytes alone say what the file is. In a plugin of its own, whose only parser keeps them.
 */
export async function adminPicturesRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // A file past the bound is refused in the words the editor shows for every refused picture.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('bad_request', pictureMessages.tooLarge, { body: pictureMessages.tooLarge });
    }
    throw error;
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/pictures',
    {
      preValidation: requireAdmin,
      bodyLimit: PICTURE_MAX_BYTES,
      schema: { response: { 200: uploadedPictureSchema, 201: uploadedPictureSchema } },
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { picture, isNew } = await savePicture(app.db, request.user, bytes);
      return reply.status(isNew ? 201 : 200).send(picture);
    },
  );
}
