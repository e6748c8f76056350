import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Pattern, PatternEvidence } from '../../shared/api/companion.ts';
import {
  PATTERN_WINDOW_MAXIMUM,
  PATTERN_WINDOW_MINIMUM,
  aiSettings,
} from '../../shared/rules/companion.ts';
import { companionAnalyses } from '../db/schema/companion.ts';
import { askJson, logAiFailure } from './ask-json.ts';
import type { CompanionContext, CompanionReflection } from './companion-context.ts';
import { resolveMode } from './companion-settings.ts';
import { newPatternSchema, listMoods, replacePatterns } from './journey-records.ts';
import {
  describeLesson,
  describeReflections,
  findLessonTitle,
  type LessonRef,
} from './lesson-grounding.ts';
import { findRecurringPatterns } from './offline-patterns.ts';
import { mayLeaveServer } from './safety-check.ts';

const patternsFormat =
  'Identify 1 to 4 patterns across these reflections. Answer with a JSON object only: {"patterns": [{"title": string, "description": string, "suggestions": string[], "type": "strength" | "challenge" | "growth" | "insight", "reflections": the numbers of the reflections it rests on}]}.';
const patternsAnswerSchema = z.object({
  patterns: z
    .array(
      newPatternSchema.extend({
        reflections: z.array(z.number().int().min(1)).max(PATTERN_WINDOW_MAXIMUM).optional(),
      }),
    )
    .max(6),
});

/**
 * Patterns across the learner's last 3 to 20 completed reflections of the course. Returns the new
 * patterns, or null when there are fewer than 3 reflections.
 */
export async function analysePatterns(
  context: CompanionContext,
  userId: string,
  lesson: LessonRef,
): Promise<Pattern[] | null> {
  const reflections = await context.listRecentReflections(userId, {
    courseId: lesson.courseId,
    limit: PATTERN_WINDOW_MAXIMUM,
    completedOnly: true,
  });
  if (reflections.length < PATTERN_WINDOW_MINIMUM) return null;
  const record = { userId, courseId: lesson.courseId };
  const evidenceOf = (ids: readonly string[]) => describeEvidence(context, reflections, ids);
  await markAnalysed(context, userId, lesson.courseId);

  if ((await resolveMode(context, userId)) === 'ai') {
    const shared = reflections.filter((reflection) => mayLeaveServer(reflection.response));
    try {
      const { patterns } = await askJson(context, userId, {
        ...aiSettings.patterns,
        schema: patternsAnswerSchema,
        messages: [
          { role: 'system', content: `${context.prompts.current().guidance}\n\n${patternsFormat}` },
          {
            role: 'user',
            content: `${describeLesson(context, lesson)}\n\nThe learner's reflections, newest first:\n${describeReflections(shared)}`,
          },
        ],
      });
      const withEvidence = patterns.map(({ reflections: numbers, ...pattern }) => ({
        ...pattern,
        evidence: evidenceOf(
          numbers?.length
            ? numbers.flatMap((number) => shared[number - 1]?.id ?? [])
            : shared.map((reflection) => reflection.id),
        ),
      }));
      return replacePatterns(context, { ...record, patterns: withEvidence, source: 'openai' });
    } catch (error) {
      logAiFailure(context, 'patterns', error);
    }
  }
  const moods = await listMoods(context, userId, lesson.courseId);
  const patterns = findRecurringPatterns(reflections, moods).map(
    ({ reflectionIds, ...pattern }) => ({ ...pattern, evidence: evidenceOf(reflectionIds) }),
  );
  return replacePatterns(context, { ...record, patterns, source: 'fallback' });
}

/** The reflections a pattern rests on, by their lesson and question, oldest first. */
function describeEvidence(
  context: CompanionContext,
  reflections: readonly CompanionReflection[],
  ids: readonly string[],
): PatternEvidence[] {
  return reflections
    .filter((reflection) => ids.includes(reflection.id))
    .reverse()
    .map((reflection) => ({
      reflectionId: reflection.id,
      lessonTitle: lessonTitleOf(context, reflection),
      question: reflection.question,
    }));
}

/** A lesson taken out of the catalogue since leaves its reflections as evidence, untitled. */
function lessonTitleOf(context: CompanionContext, reflection: CompanionReflection): string {
  try {
    return findLessonTitle(context, reflection);
  } catch {
    return 'An earlier lesson';
  }
}

/** How many completed reflections the last analysis of the course saw. */
export async function getAnalysedAtCount(
  context: CompanionContext,
  userId: string,
  courseId: string,
): Promise<number> {
  const [row] = await context.db
    .select({ count: companionAnalyses.analysedAtCount })
    .from(companionAnalyses)
    .where(and(eq(companionAnalyses.userId, userId), eq(companionAnalyses.courseId, courseId)));
  return row?.count ?? 0;
}

async function markAnalysed(context: CompanionContext, userId: string, courseId: string) {
  const analysedAtCount = await context.countCompletedReflections(userId, courseId);
  await context.db
    .insert(companionAnalyses)
    .values({ userId, courseId, analysedAtCount })
    .onConflictDoUpdate({
      target: [companionAnalyses.userId, companionAnalyses.courseId],
      set: { analysedAtCount },
    });
}
