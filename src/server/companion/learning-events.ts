import type { EmotionalState } from '../../shared/api/companion.ts';
import {
  SUPPORTIVE_INTENSITY_ABOVE,
  companionMessages,
  isPatternAnalysisDue,
  type SafetyReading,
} from '../../shared/rules/companion.ts';
import type { CrisisLevel } from '../../shared/rules/crisis-detection.ts';
import { analyseEmotion } from './analyse-emotion.ts';
import { analysePatterns, getAnalysedAtCount } from './analyse-patterns.ts';
import type { CompanionContext } from './companion-context.ts';
import { resolveMode } from './companion-settings.ts';
import { appendMessage, appendSafetyReply } from './conversation.ts';
import { estimateEmotion } from './offline-emotion.ts';
import { answerCrisisLevel, mayModerate } from './safety-check.ts';
import { saveEmotion } from './journey-records.ts';
import { findLessonTitle, type LessonRef } from './lesson-grounding.ts';

/** What the learning feature tells the companion when a learner saves a reflection. */
export interface SavedReflectionEvent extends LessonRef {
  userId: string;
  promptId: string;
  question: string;
  response: string;
  completed: boolean;
  /** autosave keeps a draft; save and submit are the learner's own. */
  action: 'autosave' | 'save' | 'submit';
  /** What the safety check made of it (checkReflectionSafety). */
  crisisLevel: CrisisLevel;
}

export interface ReflectionSafetyCheck {
  userId: string;
  courseId: string;
  text: string;
  action: SavedReflectionEvent['action'];
  detected: SafetyReading;
}

/** How a reflection at risk is charted: heavy, never hopeful, and read here, not by the vendor. */
const atRiskState: EmotionalState = {
  primary: 'in pain',
  secondary: null,
  intensity: 10,
  sentiment: -8,
};

/**
 * Every save, autosaves included, before anything else hears of it: the detector's reading
 * (`detected`, made as the reflection was stored), the server's reader of meaning and, for a save
 * or submit in AI mode, the vendor's moderation as a further signal; for words of crisis, the
 * safety reply in the chat (once, however often the draft autosaves). A draft's autosave never
 * goes to the vendor.
 */
export async function checkReflectionSafety(
  context: CompanionContext,
  check: ReflectionSafetyCheck,
): Promise<SafetyReading> {
  const { userId, courseId, text, action, detected } = check;
  if (detected.level === 'past') return detected;
  // Only help and the moderation need the learner's mode: a calm save is spared its read. The
  // reader of meaning remembers the text, so answerCrisisLevel's asking again costs nothing.
  const isAtRisk =
    detected.level === 'at-risk' || (await context.meaningReader.readRisk(text)) !== null;
  if (!isAtRisk && !mayModerate(context, { path: action, mode: 'ai' })) return detected;
  const mode = await resolveMode(context, userId);
  const reading = await answerCrisisLevel(context, { userId, text, path: action, mode }, detected);
  if (reading.level === 'at-risk') {
    await appendSafetyReply(context, userId, courseId, reading.concern);
  }
  return reading;
}

export interface CompletedLessonEvent extends LessonRef {
  userId: string;
}

/**
 * A reflection the learner saved (not a draft autosave): its emotional state is read and stored,
 * and a strong one brings a supportive message; every third completed reflection brings a
 * pattern analysis. Words of crisis or of a dark past are read here, never by the vendor.
 */
export async function handleReflectionSaved(
  context: CompanionContext,
  event: SavedReflectionEvent,
): Promise<void> {
  if (event.action === 'autosave') return;
  const { userId, courseId } = event;
  const { state, source } = await readEmotion(context, event);
  await saveEmotion(context, { ...event, state, source });
  if (state.intensity > SUPPORTIVE_INTENSITY_ABOVE && event.crisisLevel === 'none') {
    await appendMessage(context, {
      userId,
      courseId,
      sender: 'ai',
      content:
        state.sentiment < 0
          ? companionMessages.supportive.heavy
          : companionMessages.supportive.bright,
      source: null,
    });
  }
  if (!event.completed) return;
  const completedCount = await context.countCompletedReflections(userId, courseId);
  if (isPatternAnalysisDue(completedCount, await getAnalysedAtCount(context, userId, courseId))) {
    await analysePatterns(context, userId, event);
  }
}

function readEmotion(context: CompanionContext, event: SavedReflectionEvent) {
  if (event.crisisLevel === 'at-risk') {
    return Promise.resolve({ state: atRiskState, source: 'fallback' as const });
  }
  if (event.crisisLevel === 'past') {
    return Promise.resolve({ state: estimateEmotion(event.response), source: 'fallback' as const });
  }
  return analyseEmotion(context, event.userId, event);
}

/** A completed lesson: a congratulation in the chat, then a pattern analysis. */
export async function handleLessonCompleted(
  context: CompanionContext,
  event: CompletedLessonEvent,
): Promise<void> {
  await appendMessage(context, {
    userId: event.userId,
    courseId: event.courseId,
    sender: 'ai',
    content: companionMessages.lessonCongratulation(findLessonTitle(context, event)),
    source: null,
  });
  await analysePatterns(context, event.userId, event);
}

/** How long a learner's save waits for the companion's reaction before it goes on alone. */
const REACTION_WAIT_MS = 10_000;

/**
 * Runs a companion reaction without ever failing the learner's save, and without holding it past
 * 10 s: a slow AI service finishes in the background (the app waits for it when closing).
 */
export function reactSafely<Event>(
  context: CompanionContext,
  reaction: (context: CompanionContext, event: Event) => Promise<void>,
) {
  return async (event: Event) => {
    const work = reaction(context, event).catch((error: unknown) => {
      context.log.error(
        { reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
        'the companion could not react to a learning event',
      );
    });
    context.background.add(work);
    void work.finally(() => context.background.delete(work));
    // A plain timer: aborting a timers/promises sleep builds a DOMException, stack and all, on
    // every save, autosaves included.
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, REACTION_WAIT_MS);
    });
    await Promise.race([work, waited]);
    clearTimeout(timer);
  };
}
