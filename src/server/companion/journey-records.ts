import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  emotionalStateSchema,
  patternEvidenceSchema,
  patternSchema,
  type CorrectEmotionInput,
  type EmotionalState,
  type MoodPoint,
  type Pattern,
  type PatternEvidence,
} from '../../shared/api/companion.ts';
import type { AiSource } from '../../shared/rules/companion.ts';
import { companionEmotions, companionPatterns } from '../db/schema/companion.ts';
import { AppError } from '../http/errors.ts';
import { OWN_DATA_ONLY } from '../http/guards.ts';
import type { CompanionContext } from './companion-context.ts';

/** A pattern as analysis produces it, before it is stored. */
export const newPatternSchema = patternSchema.omit({ id: true, timestamp: true, evidence: true });
export type NewPattern = z.infer<typeof newPatternSchema>;
/** Patterns stored before evidence was kept have none. */
const storedPatternSchema = newPatternSchema.extend({
  evidence: z.array(patternEvidenceSchema).default([]),
});

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
    .where(
      and(
        eq(companionEmotions.userId, userId),
        eq(companionEmotions.courseId, courseId),
        isNull(companionEmotions.hiddenAt),
      ),
    )
    .orderBy(asc(companionEmotions.createdAt));
  return rows.map((row) => ({
    ...readEmotion(context, row),
    id: row.id,
    lessonId: row.lessonId,
    timestamp: row.createdAt.toISOString(),
    isCorrected: row.correctedAt !== null,
  }));
}

function readEmotion(
  context: CompanionContext,
  row: typeof companionEmotions.$inferSelect,
): EmotionalState {
  const key = { userId: row.userId, courseId: row.courseId, kind: 'emotion' } as const;
  return emotionalStateSchema.parse(JSON.parse(context.cipher.decrypt(row.state, key)));
}

/**
 * The learner's word on a reading of their reflection: their own feeling and sentiment replace it
 * (the intensity stays), or it leaves the chart and the mood trend.
 */
export async function correctEmotion(
  context: CompanionContext,
  userId: string,
  emotionId: string,
  input: CorrectEmotionInput,
): Promise<void> {
  const [row] = await context.db
    .select()
    .from(companionEmotions)
    .where(and(eq(companionEmotions.id, emotionId), eq(companionEmotions.userId, userId)));
  if (!row) throw new AppError('forbidden', OWN_DATA_ONLY);
  if (input.primary === undefined || input.sentiment === undefined) {
    await context.db
      .update(companionEmotions)
      .set({ hiddenAt: input.isHidden ? new Date() : null })
      .where(eq(companionEmotions.id, row.id));
    return;
  }
  const state: EmotionalState = {
    ...readEmotion(context, row),
    primary: input.primary,
    secondary: null,
    sentiment: input.sentiment,
  };
  const key = { userId, courseId: row.courseId, kind: 'emotion' } as const;
  await context.db
    .update(companionEmotions)
    .set({
      state: context.cipher.encrypt(JSON.stringify(state), key),
      correctedAt: new Date(),
      hiddenAt: null,
    })
    .where(eq(companionEmotions.id, row.id));
}

/**
 * The latest analysis replaces the earlier one: the patterns are today's reading of the journey.
 * Patterns the learner dismissed stay, hidden, and a new one of the same title is left out.
 */
export async function replacePatterns(
  context: CompanionContext,
  record: {
    userId: string;
    courseId: string;
    patterns: (NewPattern & { evidence: PatternEvidence[] })[];
    source: AiSource;
  },
): Promise<Pattern[]> {
  const { userId, courseId, source } = record;
  const ofCourse = and(
    eq(companionPatterns.userId, userId),
    eq(companionPatterns.courseId, courseId),
  );
  return context.db.transaction(async (transaction) => {
    const dismissed = await transaction
      .select()
      .from(companionPatterns)
      .where(and(ofCourse, isNotNull(companionPatterns.dismissedAt)));
    const dismissedTitles = new Set(
      dismissed.map((row) => titleKey(toPattern(context, row).title)),
    );
    await transaction
      .delete(companionPatterns)
      .where(and(ofCourse, isNull(companionPatterns.dismissedAt)));
    const patterns = record.patterns.filter(
      (pattern) => !dismissedTitles.has(titleKey(pattern.title)),
    );
    if (patterns.length === 0) return [];
    const rows = await transaction
      .insert(companionPatterns)
      .values(
        patterns.map((pattern) => ({
          userId,
          courseId,
          source,
          pattern: context.cipher.encrypt(JSON.stringify(pattern), {
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

const titleKey = (title: string) => title.trim().toLowerCase();

/** The learner dismissed a pattern: it leaves the view and does not come back. */
export async function dismissPattern(
  context: CompanionContext,
  userId: string,
  patternId: string,
): Promise<void> {
  const [row] = await context.db
    .update(companionPatterns)
    .set({ dismissedAt: new Date() })
    .where(and(eq(companionPatterns.id, patternId), eq(companionPatterns.userId, userId)))
    .returning({ id: companionPatterns.id });
  if (!row) throw new AppError('forbidden', OWN_DATA_ONLY);
}

export async function listPatterns(
  context: CompanionContext,
  userId: string,
  courseId: string,
): Promise<Pattern[]> {
  const rows = await context.db
    .select()
    .from(companionPatterns)
    .where(
      and(
        eq(companionPatterns.userId, userId),
        eq(companionPatterns.courseId, courseId),
        isNull(companionPatterns.dismissedAt),
      ),
    )
    .orderBy(desc(companionPatterns.createdAt));
  return rows.map((row) => toPattern(context, row));
}

function toPattern(context: CompanionContext, row: typeof companionPatterns.$inferSelect): Pattern {
  const pattern = storedPatternSchema.parse(
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
