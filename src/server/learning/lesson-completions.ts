import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { LessonCompletion, LessonParams } from '../../shared/api/learning.ts';
import { progressFromLessons } from '../../shared/rules/progress.ts';
import { reflectionMessages } from '../../shared/rules/reflection.ts';
import { requireCourseAccess } from '../access/course-access.ts';
import { updateEnrollmentProgress } from '../access/enrollments.ts';
import { requireModuleOpen } from '../access/module-openings.ts';
import { lessonsInOrder, type Course } from '../catalogue/catalogue.ts';
import type { Database } from '../db/client.ts';
import { lessonCompletions, lessonReflections } from '../db/schema/learning.ts';
import { AppError } from '../http/errors.ts';
import { findLesson } from './find-lesson.ts';

export type CompletedLesson = Pick<
  typeof lessonCompletions.$inferSelect,
  'courseId' | 'moduleId' | 'lessonId' | 'completedAt'
>;

/** Every lesson the learner completed, in any course. */
export async function listCompletedLessons(
  db: Database,
  userId: string,
): Promise<CompletedLesson[]> {
  return db
    .select({
      courseId: lessonCompletions.courseId,
      moduleId: lessonCompletions.moduleId,
      lessonId: lessonCompletions.lessonId,
      completedAt: lessonCompletions.completedAt,
    })
    .from(lessonCompletions)
    .where(eq(lessonCompletions.userId, userId));
}

/** The ids of the course's lessons the learner completed, in reading order. */
export function completedLessonIdsOf(course: Course, completed: readonly CompletedLesson[]) {
  const ids = new Set(
    completed.filter((entry) => entry.courseId === course.id).map((entry) => entry.lessonId),
  );
  return lessonsInOrder(course)
    .filter((lesson) => ids.has(lesson.id))
    .map((lesson) => lesson.id);
}

export function courseProgress(course: Course, completedLessonIds: readonly string[]): number {
  return progressFromLessons(completedLessonIds.length, lessonsInOrder(course).length);
}

/** Marks a lesson complete once every reflection prompt is completed; updates the enrollment. */
export async function completeLesson(
  app: FastifyInstance,
  user: SessionUser,
  params: LessonParams,
): Promise<LessonCompletion> {
  const { course, module, lesson } = findLesson(app.catalogue, params);
  if (!lesson.isPreview) await requireCourseAccess(app, user, course.id);
  await requireModuleOpen(app, user, course, module, lesson);
  const completedPrompts = await app.db
    .select({ promptId: lessonReflections.promptId })
    .from(lessonReflections)
    .where(
      and(
        eq(lessonReflections.userId, user.id),
        eq(lessonReflections.courseId, course.id),
        eq(lessonReflections.moduleId, module.id),
        eq(lessonReflections.lessonId, lesson.id),
        eq(lessonReflections.completed, true),
      ),
    );
  const done = new Set(completedPrompts.map((row) => row.promptId));
  if (!lesson.reflectionPrompts.every((prompt) => done.has(prompt.id))) {
    throw new AppError('conflict', reflectionMessages.incompleteLesson);
  }
  await app.db
    .insert(lessonCompletions)
    .values({ userId: user.id, courseId: course.id, moduleId: module.id, lessonId: lesson.id })
    .onConflictDoNothing();
  return syncCourseProgress(app, user.id, course.id);
}

/** Recomputes the enrollment's progress from the lessons completed (0–100, completed at 100). */
export async function syncCourseProgress(
  app: FastifyInstance,
  userId: string,
  courseId: string,
): Promise<LessonCompletion> {
  const course = app.catalogue.getCourse(courseId);
  if (!course) throw new AppError('not_found', `Course not found: ${courseId}`);
  const completedLessonIds = completedLessonIdsOf(
    course,
    await listCompletedLessons(app.db, userId),
  );
  const progress = courseProgress(course, completedLessonIds);
  await updateEnrollmentProgress(app.db, { userId, courseId, progress });
  return { completedLessonIds, progress };
}
