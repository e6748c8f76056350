import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { LessonPage, LessonParams } from '../../shared/api/learning.ts';
import { requireCourseAccess } from '../access/course-access.ts';
import { touchEnrolment } from '../access/enrolments.ts';
import { toCourseOutline, toLessonSummary } from '../catalogue/catalogue.ts';
import { videoFallbackOf } from '../video/vimeo.ts';
import { findLesson } from './find-lesson.ts';
import {
  completedLessonIdsOf,
  courseProgress,
  listCompletedLessons,
} from './lesson-completions.ts';
import { listReflections } from './reflections.ts';
import { listVideoProgress, toVideoProgress } from './video-progress.ts';

/** Everything the lesson viewer needs, for a learner with access; opening it counts as a visit. */
export async function getLessonPage(
  app: FastifyInstance,
  user: SessionUser,
  params: LessonParams,
): Promise<LessonPage> {
  const { course, module, lesson } = findLesson(app.catalogue, params);
  await requireCourseAccess(app, user, course.id);
  const [reflections, completed, watching, video] = await Promise.all([
    listReflections(app, user.id, params),
    listCompletedLessons(app.db, user.id),
    listVideoProgress(app.db, user.id),
    lesson.vimeoVideoId
      ? app.videos.getVideo(lesson.vimeoVideoId, videoFallbackOf(lesson))
      : Promise.resolve(null),
    touchEnrolment(app.db, user.id, course.id),
  ]);
  const completedLessonIds = completedLessonIdsOf(course, completed);
  const courseWatching = watching.filter((row) => row.courseId === course.id);
  const current = courseWatching.find((row) => row.lessonId === lesson.id);
  return {
    course: { id: course.id, title: course.title, modules: toCourseOutline(course).modules },
    module: { id: module.id, title: module.title },
    lesson: {
      ...toLessonSummary(lesson),
      content: lesson.content,
      reflectionPrompts: lesson.reflectionPrompts,
    },
    video,
    videoProgress: current && lesson.vimeoVideoId ? toVideoProgress(current) : null,
    reflections,
    completedLessonIds,
    watchedLessonIds: courseWatching.filter((row) => row.completed).map((row) => row.lessonId),
    progress: courseProgress(course, completedLessonIds),
  };
}
