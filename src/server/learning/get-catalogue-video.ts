import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { Video } from '../../shared/api/video.ts';
import { getCourseAccessType } from '../access/course-access.ts';
import type { Lesson } from '../catalogue/catalogue.ts';
import { AppError } from '../http/errors.ts';
import type { VideoFallback } from '../video/vimeo.ts';

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

/** The catalogue's words for a lesson's video: its video title, the lesson's description and mm:ss. */
export function videoFallbackOf(lesson: Lesson): VideoFallback {
  const [minutes = 0, seconds = 0] = (lesson.videoDuration ?? '').split(':').map(Number);
  return {
    title: lesson.videoTitle ?? lesson.title,
    description: lesson.description,
    duration: lesson.videoDuration ? minutes * 60 + seconds : lesson.duration,
  };
}
