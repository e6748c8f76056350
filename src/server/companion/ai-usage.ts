import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { companionTokenUsage } from '../db/schema/companion.ts';
import { AppError } from '../http/errors.ts';
import { countRequest } from '../http/rate-limit.ts';
import type { CompanionContext } from './companion-context.ts';

const today = sql`current_date`;

/** True while the learner is under the operator's daily token cap (COMPANION_DAILY_TOKEN_LIMIT). */
export async function hasTokensLeftToday(context: CompanionContext, userId: string) {
  const [row] = await context.db
    .select({ tokens: companionTokenUsage.tokens })
    .from(companionTokenUsage)
    .where(and(eq(companionTokenUsage.userId, userId), eq(companionTokenUsage.day, today)));
  return (row?.tokens ?? 0) < context.settings.dailyTokenLimit;
}

export async function recordTokens(context: CompanionContext, userId: string, tokens: number) {
  if (tokens <= 0) return;
  await context.db
    .insert(companionTokenUsage)
    .values({ userId, day: today, tokens })
    .onConflictDoUpdate({
      target: [companionTokenUsage.userId, companionTokenUsage.day],
      set: { tokens: sql`${companionTokenUsage.tokens} + excluded.tokens` },
    });
}

/** Per-learner limit on chat messages and suggestions (COMPANION_REQUESTS_PER_MINUTE). */
export function limitCompanionRequests(requestsPerMinute: number) {
  return async (request: FastifyRequest) => {
    const { hits } = await countRequest(request.server.db, `companion:user:${request.user.id}`, 60);
    if (hits > requestsPerMinute) {
      throw new AppError(
        'rate_limited',
        'You are sending messages to your AI companion too quickly. Please wait a minute.',
      );
    }
  };
}
