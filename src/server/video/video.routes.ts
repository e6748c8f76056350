import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionUser } from '../../shared/api/auth.ts';
import { videoParamsSchema, videoSchema, type Video } from '../../shared/api/video.ts';
import { getCourseAccessType } from '../access/course-access.ts';
import { AppError } from '../http/errors.ts';
import { requireUser } from '../http/guards.ts';
import { videoFallbackOf } from './vimeo.ts';

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

/** Metadata of a video our catalogue uses, for a learner with access to a course showing it. */
export async function getCatalogueVideo(
  app: FastifyInstance,
  user: SessionUser,
  videoId: string,
): Promise<Video> {
  const showing = app.catalogue.courses.flatMap((course) =>
    course.modules
      .flatMap((module) => module.lessons)
      .filter((lesson) => lesson.vimeoVideoId === videoId)
      .map((lesson) => ({ courseId: course.id, lesson })),
  );
  const [first] = showing;
  if (!first) throw new AppError('not_found', 'Video not found');
  const accessTypes = await Promise.all(
    showing.map(({ courseId }) => getCourseAccessType(app, user, courseId)),
  );
  if (accessTypes.every((accessType) => accessType === 'none')) {
    throw new AppError('forbidden', 'Course Access Required');
  }
  return app.videos.getVideo(videoId, videoFallbackOf(first.lesson));
}
