import { and, count, eq, gt, gte, sql } from 'drizzle-orm';
import type { CompanionMode, SafetyEventCount } from '../../shared/api/companion.ts';
import { assessCrisis, type CrisisLevel } from '../../shared/rules/crisis-detection.ts';
import { companionSafetyEvents } from '../db/schema/companion.ts';
import type { CompanionContext } from './companion-context.ts';

/** Where a learner's words were checked. */
export type SafetyPath = (typeof companionSafetyEvents.$inferInsert)['path'];

export interface SafetyVerdict {
  level: CrisisLevel;
}

/** An autosave repeats its draft every few seconds: one event per learner in this window. */
const AUTOSAVE_EVENT_WINDOW_MINUTES = 10;
/** The operator hears of a learner at most once in this window. */
const ALERT_WINDOW_MINUTES = 60;

/**
 * The one check every path runs before anything a learner wrote may reach the AI vendor: the
 * detector, which needs no model, and in AI mode the vendor's moderation endpoint as a second
 * signal for what the detector calls harmless (not for autosaved drafts). A text at risk is
 * recorded (never its words) and answered with help; a dark past the learner has come through is
 * met with warmth.
 */
export async function checkSafety(
  context: CompanionContext,
  check: { userId: string; text: string; path: SafetyPath; mode: CompanionMode },
): Promise<SafetyVerdict> {
  return answerCrisisLevel(context, check, assessCrisis(check.text).level);
}

/** The same, for a text whose detector reading the caller already has. */
export async function answerCrisisLevel(
  context: CompanionContext,
  check: { userId: string; text: string; path: SafetyPath; mode: CompanionMode },
  level: CrisisLevel,
): Promise<SafetyVerdict> {
  if (level === 'at-risk') {
    await recordSafetyEvent(context, { ...check, signal: 'detector' });
    return { level };
  }
  if (level === 'none' && mayModerate(context, check)) {
    if (await context.moderation!.flagsSelfHarm(check.text)) {
      await recordSafetyEvent(context, { ...check, signal: 'moderation' });
      return { level: 'at-risk' };
    }
  }
  return { level };
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
  },
): Promise<void> {
  const { userId, path, mode, signal } = event;
  if (
    path === 'autosave' &&
    (await hasEventSince(context, userId, AUTOSAVE_EVENT_WINDOW_MINUTES))
  ) {
    return;
  }
  const isFirstInAlertWindow = !(await hasEventSince(context, userId, ALERT_WINDOW_MINUTES));
  await context.db.insert(companionSafetyEvents).values({ userId, path, mode, signal });
  context.log.info({ path, mode, signal }, 'the companion showed its safety response');
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
      `Time: ${new Date().toISOString()}`,
      '',
      'What they wrote stays private: it is not in this mail. Find the learner by this id in the admin panel if you want to reach out.',
    ].join('\n'),
  });
}

/** Safety responses since a moment, by path, mode and signal: counts only, for the admin. */
export async function countSafetyEvents(
  context: CompanionContext,
  since: Date,
): Promise<SafetyEventCount[]> {
  return context.db
    .select({
      path: companionSafetyEvents.path,
      mode: companionSafetyEvents.mode,
      signal: companionSafetyEvents.signal,
      count: count(),
    })
    .from(companionSafetyEvents)
    .where(gte(companionSafetyEvents.createdAt, since))
    .groupBy(companionSafetyEvents.path, companionSafetyEvents.mode, companionSafetyEvents.signal)
    .orderBy(companionSafetyEvents.path, companionSafetyEvents.mode, companionSafetyEvents.signal);
}
