import { eq } from 'drizzle-orm';
import type {
  CompanionMode,
  CompanionSettings,
  UpdateCompanionSettingsInput,
} from '../../shared/api/companion.ts';
import { DEFAULT_TYPING_SPEED } from '../../shared/rules/companion.ts';
import { companionSettings } from '../db/schema/companion.ts';
import { hasTokensLeftToday } from './ai-usage.ts';
import type { CompanionContext } from './companion-context.ts';

export async function getCompanionSettings(
  context: CompanionContext,
  userId: string,
): Promise<CompanionSettings> {
  const [row] = await context.db
    .select()
    .from(companionSettings)
    .where(eq(companionSettings.userId, userId));
  const isAiEnabled = row?.isAiEnabled ?? true;
  return {
    isAiEnabled,
    typingSpeed: row?.typingSpeed ?? DEFAULT_TYPING_SPEED,
    mode: await resolveMode(context, userId, isAiEnabled),
  };
}

export async function updateCompanionSettings(
  context: CompanionContext,
  userId: string,
  input: UpdateCompanionSettingsInput,
): Promise<CompanionSettings> {
  await context.db
    .insert(companionSettings)
    .values({ userId, ...input })
    .onConflictDoUpdate({
      target: companionSettings.userId,
      set: { ...input, updatedAt: new Date() },
    });
  return getCompanionSettings(context, userId);
}

/** Whether the learner's words may go to the AI vendor now: a key, their consent, tokens left. */
export async function resolveMode(
  context: CompanionContext,
  userId: string,
  isAiEnabled?: boolean,
): Promise<CompanionMode> {
  const enabled = isAiEnabled ?? (await getCompanionSettings(context, userId)).isAiEnabled;
  if (!enabled) return 'off';
  if (!context.chat || !(await hasTokensLeftToday(context, userId))) return 'fallback';
  if (!context.chat.isAvailable()) return 'unavailable';
  return 'ai';
}
