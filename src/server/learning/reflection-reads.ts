import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { lessonReflections, reflectionReads } from '../db/schema/learning.ts';
import { createFieldCipher } from '../db/field-cipher.ts';
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
 * sees who read them and when in their data export (listReflectionReads).
 */
export async function readReflectionsAsAdmin(
  app: FastifyInstance,
  { userId, reader }: { userId: string; reader: { id: string; email: string } },
): Promise<ReflectionForReader[]> {
  await app.db
    .insert(reflectionReads)
    .values({ userId, readerId: reader.id, readerEmail: reader.email });
  const rows = await app.db
    .select()
    .from(lessonReflections)
    .where(eq(lessonReflections.userId, userId))
    .orderBy(asc(lessonReflections.createdAt));
  const cipher = createFieldCipher(app.config.reflectionKey);
  return rows.map((row) => ({
    courseId: row.courseId,
    lessonName: row.lessonName,
    question: row.question,
    response: cipher.decrypt(row.response, reflectionContext(row)),
    completed: row.completed,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Who read this learner's reflections and when, newest first: for the learner's data export. */
export async function listReflectionReads(
  db: Database,
  userId: string,
): Promise<{ readerEmail: string; readAt: string }[]> {
  const rows = await db
    .select({ readerEmail: reflectionReads.readerEmail, readAt: reflectionReads.readAt })
    .from(reflectionReads)
    .where(eq(reflectionReads.userId, userId))
    .orderBy(desc(reflectionReads.readAt));
  return rows.map((row) => ({ ...row, readAt: row.readAt.toISOString() }));
}

/** Before an admin's account is deleted: the reads it made stay on the learners' record, unnamed. */
export async function forgetReflectionReader(tx: Executor, readerId: string): Promise<void> {
  await tx
    .update(reflectionReads)
    .set({ readerId: 'deleted account', readerEmail: 'a deleted admin account' })
    .where(eq(reflectionReads.readerId, readerId));
}
