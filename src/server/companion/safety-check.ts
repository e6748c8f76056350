import { and, count, eq, gt, gte, sql } from 'drizzle-orm';
import type { CompanionMode, SafetyEventCount, SafetyHelp } from '../../shared/api/companion.ts';
import {
  readSafety,
  safetyAlertNotice,
  type SafetyConcern,
  type SafetyReading,
} from '../../shared/rules/companion.ts';
import { assessCrisis } from '../../shared/rules/crisis-detection.ts';
import { companionSafetyEvents } from '../db/schema/companion.ts';
import type { CompanionContext } from './companion-context.ts';
import { formatDateTime } from '../../shared/rules/dates.ts';

/** Where a learner's words were checked. */
export type SafetyPath = (typeof companionSafetyEvents.$inferInsert)['path'];

/** An autosave repeats its draft every few seconds: one event per learner in this window. */
const AUTOSAVE_EVENT_WINDOW_MINUTES = 10;
/** The operator hears of a learner at most once in this window. */
const ALERT_WINDOW_MINUTES = 60;

/**
 * The one check every path runs before anything a learner wrote may reach the AI vendor: the
 * detector, which needs no model; for what it calls harmless, the server's reader of meaning; and
 * in AI mode the vendor's moderation endpoint and the model's risk reading (not for autosaved
 * drafts). A text at risk is recorded (never its words) and answered with help; a dark past the
 * learner has come through is met with warmth.
 */
export async function checkSafety(
  context: CompanionContext,
  check: { userId: string; text: string; path: SafetyPath; mode: CompanionMode },
): Promise<SafetyReading> {
  return answerCrisisLevel(context, check, readSafety(assessCrisis(check.text)));
}

/** The same, for a text whose detector reading the caller already has. */
export async function answerCrisisLevel(
  context: CompanionContext,
  check: { userId: string; text: string; path: SafetyPath; mode: CompanionMode },
  detected: SafetyReading,
): Promise<SafetyReading> {
  if (detected.level === 'at-risk') {
    await recordSafetyEvent(context, { ...check, signal: 'detector', concern: detected.concern });
    return detected;
  }
  if (detected.level !== 'none') return detected;
  // Read before the vendor is asked: what it reads at risk stays on the server.
  const meaning = await context.meaningReader.readRisk(check.text);
  if (meaning) {
    await recordSafetyEvent(context, { ...check, signal: 'meaning', concern: meaning.concern });
    return meaning;
  }
  if (mayModerate(context, check)) {
    // Both bounded at 3 s, asked at once: the slower of the two is all they add. The model is
    // not asked while the chat's circuit breaker holds the vendor for unwell.
    const isModelAvailable = context.chat?.isAvailable() ?? false;
    const [isFlagged, reading] = await Promise.all([
      context.moderation!.flagsSelfHarm(check.text),
      isModelAvailable ? (context.riskReader?.readRisk(check.text) ?? null) : null,
    ]);
    if (isFlagged) {
      const concern = 'suicide-self-harm';
      await recordSafetyEvent(context, { ...check, signal: 'moderation', concern });
      return { level: 'at-risk', concern };
    }
    if (reading) {
      await recordSafetyEvent(context, { ...check, signal: 'model', concern: reading.concern });
      return reading;
    }
  }
  return detected;
}

/**
 * Whether a text may ever go to the AI vendor (as a turn, history, grounding or for a reading):
 * words at risk and a dark past the learner came through stay here (decision 014).
 */
export function mayLeaveServer(text: string): boolean {
  return assessCrisis(text).level === 'none';
}

/** Drafts autosave every few seconds: sending each to the vendor would send far more than asked. */
export function mayModerate(
  context: CompanionContext,
  check: { path: SafetyPath; mode: CompanionMode },
): boolean {
  return context.moderation !== null && check.mode === 'ai' && check.path !== 'autosave';
}

async function recordSafetyEvent(
  context: CompanionContext,
  event: {
    userId: string;
    path: SafetyPath;
    mode: CompanionMode;
    signal: (typeof companionSafetyEvents.$inferInsert)['signal'];
    concern: SafetyReading['concern'];
  },
): Promise<void> {
  const { userId, path, mode, signal } = event;
  const concern = event.concern ?? 'suicide-self-harm';
  if (
    path === 'autosave' &&
    (await hasEventSince(context, userId, AUTOSAVE_EVENT_WINDOW_MINUTES))
  ) {
    return;
  }
  const isFirstInAlertWindow = !(await hasEventSince(context, userId, ALERT_WINDOW_MINUTES));
  await context.db.insert(companionSafetyEvents).values({ userId, path, mode, signal, concern });
  context.log.info({ path, mode, signal, concern }, 'the companion showed its safety response');
  if (isFirstInAlertWindow) await alertOperator(context, userId);
}

async function hasEventSince(context: CompanionContext, userId: string, minutes: number) {
  const [row] = await context.db
    .select({ id: companionSafetyEvents.id })
    .from(companionSafetyEvents)
    .where(
      and(
        eq(companionSafetyEvents.userId, userId),
        gt(companionSafetyEvents.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The operator's opt-in (COMPANION_SAFETY_ALERT_EMAIL): who and when, nothing they wrote. */
async function alertOperator(context: CompanionContext, userId: string): Promise<void> {
  const to = context.settings.safetyAlertEmail;
  if (!to) return;
  await context.sendMail({
    to,
    subject: 'A learner was shown the companion’s safety response',
    text: [
      'The AI companion recognised words of crisis from a learner and showed them the helpline.',
      '',
      `Learner id: ${userId}`,
      `Time: ${formatDateTime(new Date(), 'UTC')}`,
      '',
      'What they wrote stays private: it is not in this mail. Find the learner by this id in the admin panel if you want to reach out.',
    ].join('\n'),
  });
}

const countedBy = [
  companionSafetyEvents.path,
  companionSafetyEvents.mode,
  companionSafetyEvents.signal,
  companionSafetyEvents.concern,
] as const;

/** Safety responses since a moment, by path, mode, signal and concern: counts only, for the admin. */
export async function countSafetyEvents(
  context: CompanionContext,
  since: Date,
): Promise<SafetyEventCount[]> {
  return context.db
    .select({
      path: companionSafetyEvents.path,
      mode: companionSafetyEvents.mode,
      signal: companionSafetyEvents.signal,
      concern: companionSafetyEvents.concern,
      count: count(),
    })
    .from(companionSafetyEvents)
    .where(gte(companionSafetyEvents.createdAt, since))
    .groupBy(...countedBy)
    .orderBy(...countedBy);
}

/** Every concern's reply and the operator's resources for it, for anyone who needs them. */
export function describeSafetyHelp(context: CompanionContext): SafetyHelp {
  const { settings } = context;
  const concernHelp = (concern: Exclude<SafetyConcern, 'suicide-self-harm'>) => {
    const { text, url, phone } = settings.concernHelplines[concern];
    return {
      message: context.safetyReplies[concern],
      helplineText: text,
      helplineUrl: url,
      helplinePhone: phone ?? null,
    };
  };
  return {
    message: context.safetyReplies['suicide-self-harm'],
    helplineText: settings.helplineText,
    helplineUrl: settings.helplineUrl,
    helplinePhone: settings.helplinePhone ?? null,
    alertNotice: settings.safetyAlertEmail ? safetyAlertNotice : null,
    emergencyNumber: settings.emergencyNumber,
    concerns: {
      'eating-disorder': concernHelp('eating-disorder'),
      'harm-from-others': concernHelp('harm-from-others'),
      'child-abuse': concernHelp('child-abuse'),
    },
  };
}
