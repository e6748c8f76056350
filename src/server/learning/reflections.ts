import { and, asc, count, eq, min, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { LessonParams, Reflection, SaveReflectionInput } from '../../shared/api/learning.ts';
import {
  REFLECTION_COMPLETION_MINIMUM,
  isReflectionCompleted,
  reflectionLength,
  reflectionMessages,
} from '../../shared/rules/reflection.ts';
import { requireCourseAccess } from '../access/course-access.ts';
import type { Database } from '../db/client.ts';
import { lessonReflections } from '../db/schema/learning.ts';
import { AppError } from '../http/errors.ts';
import { findLesson } from './find-lesson.ts';
import { createReflectionCipher } from './reflection-cipher.ts';

type ReflectionRow = typeof lessonReflections.$inferSelect;

/** The learner's reflections on one lesson, oldest first, decrypted. */
export async function listReflections(
  app: FastifyInstance,
  userId: string,
  params: LessonParams,
): Promise<Reflection[]> {
  const rows = await app.db
    .select()
    .from(lessonReflections)
    .where(
      and(
        eq(lessonReflections.userId, userId),
        eq(lessonReflections.courseId, params.courseId),
        eq(lessonReflections.moduleId, params.moduleId),
        eq(lessonReflections.lessonId, params.lessonId),
      ),
    )
    .orderBy(asc(lessonReflections.createdAt));
  const cipher = createReflectionCipher(app.config.reflectionKey);
  return rows.map((row) => ({
    promptId: row.promptId,
    response: cipher.decrypt(row.response, row),
    completed: row.completed,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * Saves the learner's answer to one prompt. A Save of 100 characters or a Submit (which needs
 * 100) completes it; the autosave only keeps the draft. Completed stays completed, even against
 * a concurrent save.
 */
export async function saveReflection(
  app: FastifyInstance,
  user: SessionUser,
  input: SaveReflectionInput,
): Promise<Reflection> {
  const { course, module, lesson } = findLesson(app.catalogue, input);
  const prompt = lesson.reflectionPrompts.find((candidate) => candidate.id === input.promptId);
  if (!prompt) throw new AppError('not_found', 'Reflection prompt not found');
  await requireCourseAccess(app, user, course.id);
  const action = input.action ?? 'save';
  if (action === 'submit' && reflectionLength(input.response) < REFLECTION_COMPLETION_MINIMUM) {
    throw new AppError('bad_request', reflectionMessages.tooShortToSubmit, {
      response: reflectionMessages.tooShortToSubmit,
    });
  }

  const key = {
    userId: user.id,
    courseId: course.id,
    moduleId: module.id,
    lessonId: lesson.id,
    promptId: prompt.id,
  };
  const envelope = createReflectionCipher(app.config.reflectionKey).encrypt(input.response, key);
  const completed = isReflectionCompleted({
    wasCompleted: false,
    response: input.response,
    action,
  });
  const now = new Date();
  const [row] = await app.db
    .insert(lessonReflections)
    .values({
      ...key,
      moduleName: module.title,
      lessonName: lesson.title,
      question: prompt.question,
      response: envelope,
      completed,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [
        lessonReflections.userId,
        lessonReflections.courseId,
        lessonReflections.moduleId,
        lessonReflections.lessonId,
        lessonReflections.promptId,
      ],
      set: {
        moduleName: module.title,
        lessonName: lesson.title,
        question: prompt.question,
        response: envelope,
        completed: sql`${lessonReflections.completed} or excluded.completed`,
        updatedAt: now,
      },
    })
    .returning();
  return toReflection(row!, input.response);
}

/** How many reflections the learner has written, and when the first one was. */
export async function getReflectionStats(
  db: Database,
  userId: string,
): Promise<{ total: number; firstAt: Date | null }> {
  const [stats] = await db
    .select({ total: count(), firstAt: min(lessonReflections.createdAt) })
    .from(lessonReflections)
    .where(eq(lessonReflections.userId, userId));
  return { total: stats?.total ?? 0, firstAt: stats?.firstAt ?? null };
}

function toReflection(row: ReflectionRow, response: string): Reflection {
  return {
    promptId: row.promptId,
    response,
    completed: row.completed,
    updatedAt: row.updatedAt.toISOString(),
  };
}
