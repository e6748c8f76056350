import type { z } from 'zod';
import { recordTokens } from './ai-usage.ts';
import type { ChatTurn } from './chat-client.ts';
import type { CompanionContext } from './companion-context.ts';

/**
 * One JSON call to the AI vendor, its answer validated against the schema. Throws when the vendor
 * fails or answers outside the schema; callers then use their fallback.
 */
export async function askJson<Schema extends z.ZodType>(
  context: CompanionContext,
  userId: string,
  request: { messages: ChatTurn[]; temperature: number; maxTokens: number; schema: Schema },
): Promise<z.infer<Schema>> {
  if (!context.chat) throw new Error('The AI service is not configured.');
  const answer = await context.chat.completeJson(request);
  await recordTokens(context, userId, answer.tokens);
  return request.schema.parse(JSON.parse(answer.content));
}

/** Logs a vendor failure without the learner's text. */
export function logAiFailure(context: CompanionContext, call: string, error: unknown) {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
  context.log.warn({ call, reason: reason.slice(0, 200) }, 'AI call failed; using the fallback');
}
