import type { FastifyInstance } from 'fastify';
import { lessonPageSchema, type LessonParams } from '../../shared/api/learning.ts';
import { requireCourseAccess } from '../access/course-access.ts';
import {
  enrollmentGrantsAccessSql,
  touchEnrollmentStatement,
} from '../access/enrollment-checks.ts';

import { eq, sql } from 'drizzle-orm';
import { prepareOnce } from '../db/prepare-once.ts';
import { prepareReadTogether, rowsOf, whether } from '../db/read-together.ts';
import type { PendingSession } from '../http/guards.ts';
import { jsonWithFixedPart } from '../http/json-with-fixed-part.ts';
import { lessonCompletions, videoProgress } from '../db/schema/learning.ts';
import { sessionUserCte, sessionUserId, sessionUserRead } from '../users/find-session-user.ts';
import { toCourseOutline, toLessonView, videoFallbackOf } from '../catalogue/catalogue.ts';
import { formatDate } from '../../shared/rules/dates.ts';
import { pacingMessages } from '../../shared/rules/paced-release.ts';
import { listLockedModules, openingDayOf } from '../access/module-openings.ts';
import { AppError } from '../http/errors.ts';
import { findLesson } from './find-lesson.ts';
import { completedLessonIdsOf, courseProgress } from './lesson-completions.ts';
import { decryptReflections, reflectionRowsRead } from './reflections.ts';
import { lessonVideoOf, toVideoProgress } from './video-progress.ts';

/**
 * Everything the lesson viewer needs, for a learner with access, as JSON; opening it counts as a
 * visit. One statement reads the session and all the rest and records the visit; only a learner
 * whose access comes from elsewhere than an enrollment (a subscription, a beta grant) costs a
 * second, the access facts. The lesson and its course's outline are serialised once per lesson.
 */
export async function getLessonPageJson(
  app: FastifyInstance,
  session: PendingSession,
  params: LessonParams,
): Promise<string> {
  const { course, module, lesson } = findLesson(app.catalogue, params);
  const [rows, video] = await Promise.all([
    lessonPageStatement(app.db).execute({
      token: session.token,
      courseId: course.id,
      moduleId: module.id,
      lessonId: lesson.id,
      now: new Date(),
      paymentMode: app.config.paymentMode,
    }),
    lesson.vimeoVideoId
      ? app.videos.getVideo(lesson.vimeoVideoId, videoFallbackOf(lesson))
      : Promise.resolve(null),
  ]);
  const user = await session.settle(rows.session);
  // A free preview is open to every learner; what they write in it is theirs to keep.
  if (!rows.isEnrolled && user.role !== 'admin' && !lesson.isPreview)
    await requireCourseAccess(app, user, course.id);
  // Paced release: only a course with a paced module costs a read of the learner's openings.
  const locked = await listLockedModules(app, user, course);
  const opensAt = locked.get(module.id);
  if (opensAt && !lesson.isPreview) {
    const day = formatDate(openingDayOf(app, opensAt));
    throw new AppError('forbidden', pacingMessages.locked(module.title, day));
  }
  const { completed, watching } = rows;
  const reflections = decryptReflections(app, rows.reflections);
  const completedLessonIds = completedLessonIdsOf(course, completed);
  const courseWatching = watching.filter((row) => row.courseId === course.id);
  const current = courseWatching.find((row) => row.lessonId === lesson.id);
  const fixedPart = lessonPageJson.fixedPartOf(lesson, () => ({
    course: { id: course.id, title: course.title, modules: toCourseOutline(course).modules },
    module: { id: module.id, title: module.title },
    lesson: toLessonView(lesson),
  }));
  return lessonPageJson.join(fixedPart, {
    video,
    videoProgress: current && lessonVideoOf(lesson) ? toVideoProgress(current) : null,
    reflections,
    completedLessonIds,
    watchedLessonIds: courseWatching.filter((row) => row.completed).map((row) => row.lessonId),
    progress: courseProgress(course, completedLessonIds),
    lockedModules: [...locked].map(([moduleId, moment]) => ({
      moduleId,
      opensAt: moment.toISOString(),
      opensOn: openingDayOf(app, moment),
    })),
  });
}

const lessonPageJson = jsonWithFixedPart(lessonPageSchema, ['course', 'module', 'lesson']);

/**
 * The session and the rows of its learner that the page shows, with the visit recorded, in one
 * prepared statement. A session expired at `now` reads and records nothing.
 */
const lessonPageStatement = prepareOnce((db) => {
  const now = sql.placeholder('now');
  const userId = sessionUserId;
  const courseId = sql.placeholder('courseId');
  return prepareReadTogether(
    db,
    'read_lesson_page',
    {
      session: sessionUserRead,
      isEnrolled: whether(
        enrollmentGrantsAccessSql(userId, courseId, sql.placeholder('paymentMode')),
      ),
      reflections: reflectionRowsRead(userId, {
        courseId,
        moduleId: sql.placeholder('moduleId'),
        lessonId: sql.placeholder('lessonId'),
      }),
      completed: rowsOf(lessonCompletions, eq(lessonCompletions.userId, userId)),
      watching: rowsOf(
        videoProgress,
        eq(videoProgress.userId, userId),
        sql`order by ${videoProgress.lastWatchedAt} desc`,
      ),
    },
    [
      sessionUserCte(sql.placeholder('token'), now),
      sql`visit as (${touchEnrollmentStatement(db, userId, courseId, now)})`,
    ],
  );
});
