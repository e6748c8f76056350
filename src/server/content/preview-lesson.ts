import type { FastifyInstance } from 'fastify';
import { contentMessages, type CourseDocument } from '../../shared/api/content.ts';
import type { LessonPage } from '../../shared/api/learning.ts';
import { toCourseOutline, toLessonView, videoFallbackOf } from '../catalogue/catalogue.ts';
import { toCourse } from '../catalogue/load-catalogue.ts';
import { AppError } from '../http/errors.ts';

/**
 * A lesson of the draft as a learner new to the course would see it, before it is published:
 * retired lessons and prompts hidden, nothing yet answered.
 */
export async function previewDraftLesson(
  app: FastifyInstance,
  draft: CourseDocument,
  lessonId: string,
): Promise<LessonPage> {
  const shown = draft.modules.filter((module) => module.lessons.some((lesson) => !lesson.retired));
  const course = shown.length > 0 ? toCourse({ ...draft, modules: shown }, draft.id) : undefined;
  const module = course?.modules.find((candidate) =>
    candidate.lessons.some((lesson) => lesson.id === lessonId),
  );
  const lesson = module?.lessons.find((candidate) => candidate.id === lessonId);
  if (!course || !module || !lesson) throw new AppError('not_found', contentMessages.lessonNotFound);
  const video = lesson.vimeoVideoId
    ? await app.videos.getVideo(lesson.vimeoVideoId, videoFallbackOf(lesson))
    : null;
  return {
    course: { id: course.id, title: course.title, modules: toCourseOutline(course).modules },
    module: { id: module.id, title: module.title },
    lesson: toLessonView(lesson),
    video,
    videoProgress: null,
    reflections: [],
    completedLessonIds: [],
    watchedLessonIds: [],
    progress: 0,
    lockedModules: [],
  };
}
