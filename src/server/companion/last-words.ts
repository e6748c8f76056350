import { and, eq, inArray, max } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { companionMessages, companionSafetyEvents } from '../db/schema/companion.ts';

export interface WordsMoments {
  /** The latest time the safety response met the learner (detector or moderation). */
  riskAt: Date | null;
  /** The latest message the learner wrote to the companion that was not at risk. */
  safeAt: Date | null;
}

/** For each learner named: when their words last met the safety response, and last did not. */
export async function listCompanionWordsMoments(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, WordsMoments>> {
  const moments = new Map<string, WordsMoments>(
    userIds.map((id) => [id, { riskAt: null, safeAt: null }]),
  );
  if (userIds.length === 0) return moments;
  const [risks, safe] = await Promise.all([
    db
      .select({ userId: companionSafetyEvents.userId, at: max(companionSafetyEvents.createdAt) })
      .from(companionSafetyEvents)
      .where(inArray(companionSafetyEvents.userId, [...userIds]))
      .groupBy(companionSafetyEvents.userId),
    db
      .select({ userId: companionMessages.userId, at: max(companionMessages.createdAt) })
      .from(companionMessages)
      .where(
        and(
          inArray(companionMessages.userId, [...userIds]),
          eq(companionMessages.sender, 'user'),
          eq(companionMessages.isAtRisk, false),
        ),
      )
      .groupBy(companionMessages.userId),
  ]);
  for (const row of risks) moments.get(row.userId)!.riskAt = row.at;
  for (const row of safe) moments.get(row.userId)!.safeAt = row.at;
  return moments;
}
