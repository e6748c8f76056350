import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { lessonReflections } from '../db/schema/learning.ts';
import { listCompletedLessons } from './lesson-completions.ts';
import { reflectionContext } from './reflections.ts';
import { listVideoProgress } from './video-progress.ts';

/** Everything the learner wrote and did in lessons, reflections decrypted, for their own copy. */
export async function exportLearningData(app: FastifyInstance, userId: string) {
  const [rows, lessonCompletions, videoProgress] = await Promise.all([
    app.db
      .select()
      .from(lessonReflections)
      .where(eq(lessonReflections.userId, userId))
      .orderBy(asc(lessonReflections.createdAt)),
    listCompletedLessons(app.db, userId),
    listVideoProgress(app.db, userId),
  ]);
  return {
    reflections: rows.map((row) => ({
      courseId: row.courseId,
      moduleName: row.moduleName,
      lessonName: row.lessonName,
      question: row.question,
      response: app.reflectionCipher.decrypt(row.response, reflectionContext(row)),
      completed: row.completed,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    lessonCompletions: lessonCompletions.map((entry) => ({
      ...entry,
      completedAt: entry.completedAt.toISOString(),
    })),
    videoProgress: videoProgress.map((row) => ({
      courseId: row.courseId,
      lessonId: row.lessonId,
      videoId: row.videoId,
      progress: row.progress,
      completed: row.completed,
      startedAt: row.startedAt.toISOString(),
      lastWatchedAt: row.lastWatchedAt.toISOString(),
    })),
  };
}
