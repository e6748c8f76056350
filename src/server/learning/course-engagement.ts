import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { lessonsInOrder } from '../catalogue/catalogue.ts';
import { lessonCompletions, videoProgress } from '../db/schema/learning.ts';
import { completedLessonIdsOf, courseProgress } from './lesson-completions.ts';

export interface CourseEngagement {
  userId: string;
  courseId: string;
  /** Percent of the course's lessons completed. */
  progress: number;
  /** Seconds of the course's video watched: each lesson's furthest point times its length. */
  timeSpentSeconds: number;
}

/** Each user's progress and watching time in each course of the catalogue. */
export async function listCourseEngagement(
  app: FastifyInstance,
  userIds: readonly string[],
): Promise<CourseEngagement[]> {
  if (userIds.length === 0) return [];
  const [completions, watched] = await Promise.all([
    app.db
      .select()
      .from(lessonCompletions)
      .where(inArray(lessonCompletions.userId, [...userIds])),
    app.db
      .select()
      .from(videoProgress)
      .where(inArray(videoProgress.userId, [...userIds])),
  ]);
  return userIds.flatMap((userId) =>
    app.catalogue.courses.map((course) => {
      const lessons = lessonsInOrder(course);
      const completed = completions.filter((entry) => entry.userId === userId);
      const timeSpentSeconds = watched
        .filter((entry) => entry.userId === userId && entry.courseId === course.id)
        .reduce((sum, entry) => {
          const lesson = lessons.find((candidate) => candidate.id === entry.lessonId);
          return sum + Math.round(((lesson?.duration ?? 0) * entry.progress) / 100);
        }, 0);
      return {
        userId,
        courseId: course.id,
        progress: courseProgress(course, completedLessonIdsOf(course, completed)),
        timeSpentSeconds,
      };
    }),
  );
}
