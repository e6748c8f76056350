import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { lessonReflections } from '../db/schema/learning.ts';
import { recordAdminRead } from '../users/admin-reads.ts';
import { reflectionContext } from './reflections.ts';

export interface ReflectionForReader {
  courseId: string;
  lessonName: string;
  question: string;
  response: string;
  completed: boolean;
  updatedAt: string;
}

/**
 * Every reflection of a learner, decrypted for an admin, after recording the read: the learner
 * sees who read them and when in their data export (listAdminReads).
 */
export async function readReflectionsAsAdmin(
  app: FastifyInstance,
  { userId, reader }: { userId: string; reader: { id: string; email: string } },
): Promise<ReflectionForReader[]> {
  await recordAdminRead(app.db, { userId, reader, subject: 'reflections' });
  const rows = await app.db
    .select()
    .from(lessonReflections)
    .where(eq(lessonReflections.userId, userId))
    .orderBy(asc(lessonReflections.createdAt));
  return rows.map((row) => ({
    courseId: row.courseId,
    lessonName: row.lessonName,
    question: row.question,
    response: app.reflectionCipher.decrypt(row.response, reflectionContext(row)),
    completed: row.completed,
    updatedAt: row.updatedAt.toISOString(),
  }));
}
