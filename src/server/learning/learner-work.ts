import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { lessonCompletions, lessonReflections, videoProgress } from '../db/schema/learning.ts';

/**
 * Which lessons of a course any learner completed, watched or answered, and which prompts they
 * answered: what an edit of the course may retire but never remove.
 */
export async function findLearnerWork(db: Executor, courseId: string) {
  const [answered, lessons] = await Promise.all([
    db
      .selectDistinct({
        lessonId: lessonReflections.lessonId,
        promptId: lessonReflections.promptId,
      })
      .from(lessonReflections)
      .where(eq(lessonReflections.courseId, courseId)),
    db.execute<{ lesson_id: string }>(sql`
      select ${lessonCompletions.lessonId} as lesson_id from ${lessonCompletions}
        where ${lessonCompletions.courseId} = ${courseId}
      union
      select ${videoProgress.lessonId} from ${videoProgress}
        where ${videoProgress.courseId} = ${courseId}`),
  ]);
  return {
    lessonIds: lessons.rows.map((row) => row.lesson_id),
    prompts: answered,
  };
}
