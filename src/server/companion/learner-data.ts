import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  companionEmotions,
  companionMessages,
  companionPatterns,
  companionSafetyEvents,
  companionSettings,
  companionTokenUsage,
} from '../db/schema/companion.ts';
import { createCompanionCipher } from './companion-cipher.ts';
import { readSafetyPlan } from './safety-plan.ts';

/** The learner's conversations, emotional states and patterns, decrypted, for their own copy. */
export async function exportCompanionData(
  db: Database,
  keys: { current: Buffer; previous: readonly Buffer[] },
  userId: string,
) {
  const [messages, emotions, patterns, settings, tokenUsage, safetyEvents] = await Promise.all([
    db
      .select()
      .from(companionMessages)
      .where(eq(companionMessages.userId, userId))
      .orderBy(asc(companionMessages.createdAt)),
    db
      .select()
      .from(companionEmotions)
      .where(eq(companionEmotions.userId, userId))
      .orderBy(asc(companionEmotions.createdAt)),
    db
      .select()
      .from(companionPatterns)
      .where(eq(companionPatterns.userId, userId))
      .orderBy(asc(companionPatterns.createdAt)),
    db.select().from(companionSettings).where(eq(companionSettings.userId, userId)),
    db
      .select()
      .from(companionTokenUsage)
      .where(eq(companionTokenUsage.userId, userId))
      .orderBy(asc(companionTokenUsage.day)),
    db
      .select()
      .from(companionSafetyEvents)
      .where(eq(companionSafetyEvents.userId, userId))
      .orderBy(asc(companionSafetyEvents.createdAt)),
  ]);
  const cipher = createCompanionCipher(keys.current, keys.previous);
  const safetyPlan = await readSafetyPlan({ db, cipher }, userId);
  return {
    companion: {
      settings: settings[0]
        ? {
            isAiEnabled: settings[0].isAiEnabled,
            typingSpeed: settings[0].typingSpeed,
            aiNoticeAcceptedAt: settings[0].aiNoticeAcceptedAt?.toISOString() ?? null,
            aiNoticeProvider: settings[0].aiNoticeProvider,
            aiNoticeModel: settings[0].aiNoticeModel,
          }
        : null,
      messages: messages.map((row) => ({
        courseId: row.courseId,
        sender: row.sender,
        kind: row.kind,
        content: cipher.decrypt(row.content, { userId, courseId: row.courseId, kind: 'message' }),
        source: row.source,
        createdAt: row.createdAt.toISOString(),
      })),
      emotionalStates: emotions.map((row) => ({
        courseId: row.courseId,
        lessonId: row.lessonId,
        promptId: row.promptId,
        state: JSON.parse(
          cipher.decrypt(row.state, { userId, courseId: row.courseId, kind: 'emotion' }),
        ) as unknown,
        source: row.source,
        createdAt: row.createdAt.toISOString(),
        correctedAt: row.correctedAt?.toISOString() ?? null,
        hiddenAt: row.hiddenAt?.toISOString() ?? null,
      })),
      patterns: patterns.map((row) => ({
        courseId: row.courseId,
        pattern: JSON.parse(
          cipher.decrypt(row.pattern, { userId, courseId: row.courseId, kind: 'pattern' }),
        ) as unknown,
        source: row.source,
        createdAt: row.createdAt.toISOString(),
        dismissedAt: row.dismissedAt?.toISOString() ?? null,
      })),
      tokensUsedPerDay: tokenUsage.map((row) => ({ day: row.day, tokens: row.tokens })),
      safetyEvents: safetyEvents.map(({ path, mode, signal, createdAt }) => ({
        path,
        mode,
        signal,
        createdAt: createdAt.toISOString(),
      })),
      /** Null when the learner never wrote one. */
      safetyPlan: safetyPlan.updatedAt === null ? null : safetyPlan,
    },
  };
}
