import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { Video } from '../../shared/api/video.ts';
import { getCourseAccessType } from '../access/course-access.ts';
import { videoFallbackOf } from '../catalogue/catalogue.ts';
import { AppError } from '../http/errors.ts';

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
