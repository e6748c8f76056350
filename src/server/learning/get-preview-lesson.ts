import type { FastifyInstance } from 'fastify';
import {
  previewMessages,
  type LessonParams,
  type PreviewLesson,
} from '../../shared/api/learning.ts';
import {
  toCourseOutline,
  toLessonView,
  videoFallbackOf,
  withoutVideoIds,
} from '../catalogue/catalogue.ts';
import { AppError } from '../http/errors.ts';
import { findLesson } from './find-lesson.ts';

/**
 * A lesson the creator marked as a free preview, for anyone: only such a lesson of a published
 * course (the catalogue holds nothing else). The outline names the other lessons, not their videos.
 */
export async function getPreviewLesson(
  app: FastifyInstance,
  params: LessonParams,
): Promise<PreviewLesson> {
  const { course, module, lesson } = findLesson(app.catalogue, params);
  if (!lesson.isPreview) throw new AppError('forbidden', previewMessages.notAPreview);
  const video = lesson.vimeoVideoId
    ? await app.videos.getVideo(lesson.vimeoVideoId, videoFallbackOf(lesson))
    : null;
  return {
    course: {
      id: course.id,
      title: course.title,
      modules: withoutVideoIds(toCourseOutline(course)).modules,
    },
    module: { id: module.id, title: module.title },
    lesson: toLessonView(lesson),
    video,
  };
}
