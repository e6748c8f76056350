import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  emotionalStateSchema,
  patternSchema,
  type EmotionalState,
  type MoodPoint,
  type Pattern,
} from '../../shared/api/companion.ts';
import type { AiSource } from '../../shared/rules/companion.ts';
import { companionEmotions, companionPatterns } from '../db/schema/companion.ts';
import type { CompanionContext } from './companion-context.ts';

/** A pattern as analysis produces it, before it is stored. */
export const newPatternSchema = patternSchema.omit({ id: true, timestamp: true });
export type NewPattern = z.infer<typeof newPatternSchema>;
const storedPatternSchema = newPatternSchema.extend({ reflectionIds: z.array(z.string()) });

export async function saveEmotion(
  context: CompanionContext,
  record: {
    userId: string;
    courseId: string;
    lessonId: string;
    promptId: string;
    state: EmotionalState;
    source: AiSource;
  },
): Promise<void> {
  const { userId, courseId, state, ...rest } = record;
  await context.db.insert(companionEmotions).values({
    userId,
    courseId,
    ...rest,
    state: context.cipher.encrypt(JSON.stringify(state), { userId, courseId, kind: 'emotion' }),
  });
}

/** Intensity and sentiment per analysed reflection, oldest first: the mood-over-time chart. */
export async function listMoods(
  context: CompanionContext,
  userId: string,
  courseId: string,
): Promise<MoodPoint[]> {
  const rows = await context.db
    .select()
    .from(companionEmotions)
    .where(and(eq(companionEmotions.userId, userId), eq(companionEmotions.courseId, courseId)))
    .orderBy(asc(companionEmotions.createdAt));
  return rows.map((row) => ({
    ...emotionalStateSchema.parse(
      JSON.parse(context.cipher.decrypt(row.state, { userId, courseId, kind: 'emotion' })),
    ),
    lessonId: row.lessonId,
    timestamp: row.createdAt.toISOString(),
  }));
}

/** The latest analysis replaces the earlier one: the patterns are today's reading of the journey. */
export async function replacePatterns(
  context: CompanionContext,
  record: {
    userId: string;
    courseId: string;
    patterns: NewPattern[];
    reflectionIds: string[];
    source: AiSource;
  },
): Promise<Pattern[]> {
  const { userId, courseId, reflectionIds, source } = record;
  return context.db.transaction(async (transaction) => {
    await transaction
      .delete(companionPatterns)
      .where(and(eq(companionPatterns.userId, userId), eq(companionPatterns.courseId, courseId)));
    if (record.patterns.length === 0) return [];
    const rows = await transaction
      .insert(companionPatterns)
      .values(
        record.patterns.map((pattern) => ({
          userId,
          courseId,
          source,
          pattern: context.cipher.encrypt(JSON.stringify({ ...pattern, reflectionIds }), {
            userId,
            courseId,
            kind: 'pattern',
          }),
        })),
      )
      .returning();
    return rows.map((row) => toPattern(context, row));
  });
}

export async function listPatterns(
  context: CompanionContext,
  userId: string,
  courseId: string,
): Promise<Pattern[]> {
  const rows = await context.db
    .select()
    .from(companionPatterns)
    .where(and(eq(companionPatterns.userId, userId), eq(companionPatterns.courseId, courseId)))
    .orderBy(desc(companionPatterns.createdAt));
  return rows.map((row) => toPattern(context, row));
}

function toPattern(context: CompanionContext, row: typeof companionPatterns.$inferSelect): Pattern {
  const { reflectionIds: _ids, ...pattern } = storedPatternSchema.parse(
    JSON.parse(
      context.cipher.decrypt(row.pattern, {
        userId: row.userId,
        courseId: row.courseId,
        kind: 'pattern',
      }),
    ),
  );
  return { ...pattern, id: row.id, timestamp: row.createdAt.toISOString() };
}
