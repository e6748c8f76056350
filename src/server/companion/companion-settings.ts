import { eq } from 'drizzle-orm';
import type {
  AiNotice,
  CompanionMode,
  CompanionSettings,
  UpdateCompanionSettingsInput,
} from '../../shared/api/companion.ts';
import { DEFAULT_TYPING_SPEED } from '../../shared/rules/companion.ts';
import { companionSettings } from '../db/schema/companion.ts';
import { AppError } from '../http/errors.ts';
import { hasTokensLeftToday } from './ai-usage.ts';
import type { CompanionContext } from './companion-context.ts';

type SettingsRow = typeof companionSettings.$inferSelect;

export async function getCompanionSettings(
  context: CompanionContext,
  userId: string,
): Promise<CompanionSettings> {
  const row = await readSettings(context, userId);
  const { name, model } = context.aiProvider;
  return {
    isAiEnabled: row?.isAiEnabled ?? true,
    typingSpeed: row?.typingSpeed ?? DEFAULT_TYPING_SPEED,
    mode: await modeOf(context, userId, row),
    aiNotice: context.chat
      ? { provider: name, model, acceptedAt: noticeAcceptedAt(context, row)?.toISOString() ?? null }
      : null,
  };
}

export async function updateCompanionSettings(
  context: CompanionContext,
  userId: string,
  input: UpdateCompanionSettingsInput,
): Promise<CompanionSettings> {
  const { acceptedAiNotice, ...preferences } = input;
  const change = {
    ...preferences,
    ...(acceptedAiNotice === undefined ? {} : noticeColumns(context, acceptedAiNotice)),
  };
  await context.db
    .insert(companionSettings)
    .values({ userId, ...change })
    .onConflictDoUpdate({
      target: companionSettings.userId,
      set: { ...change, updatedAt: new Date() },
    });
  return getCompanionSettings(context, userId);
}

/**
 * Whether the learner's words may go to the AI vendor now: the AI on, a key, the notice naming
 * today's provider and model accepted, tokens left, the service not skipped after failures.
 * The one place that decides it.
 */
export async function resolveMode(
  context: CompanionContext,
  userId: string,
): Promise<CompanionMode> {
  return modeOf(context, userId, await readSettings(context, userId));
}

async function readSettings(
  context: CompanionContext,
  userId: string,
): Promise<SettingsRow | undefined> {
  const [row] = await context.db
    .select()
    .from(companionSettings)
    .where(eq(companionSettings.userId, userId));
  return row;
}

async function modeOf(
  context: CompanionContext,
  userId: string,
  row: SettingsRow | undefined,
): Promise<CompanionMode> {
  if (!context.isAiGuidanceOn()) return 'switched-off';
  if (!(row?.isAiEnabled ?? true)) return 'off';
  if (!context.chat) return 'fallback';
  if (!noticeAcceptedAt(context, row)) return 'awaiting-consent';
  if (!(await hasTokensLeftToday(context, userId))) return 'fallback';
  if (!context.chat.isAvailable()) return 'unavailable';
  return 'ai';
}

/** When the learner accepted the notice naming today's provider and model; null otherwise. */
function noticeAcceptedAt(context: CompanionContext, row: SettingsRow | undefined): Date | null {
  const { name, model } = context.aiProvider;
  const isCurrent = row?.aiNoticeProvider === name && row.aiNoticeModel === model;
  return isCurrent ? row.aiNoticeAcceptedAt : null;
}

/** Consent is to what the learner read: a notice naming another provider or model is refused. */
function noticeColumns(context: CompanionContext, notice: AiNotice | null) {
  if (!notice) return { aiNoticeAcceptedAt: null, aiNoticeProvider: null, aiNoticeModel: null };
  const { name, model } = context.aiProvider;
  if (!context.chat || notice.provider !== name || notice.model !== model) {
    throw new AppError(
      'conflict',
      'The AI notice has changed since it was shown. Please read it again.',
    );
  }
  return { aiNoticeAcceptedAt: new Date(), aiNoticeProvider: name, aiNoticeModel: model };
}
