import { REFLECTION_DRAFT_PREFIX } from '../../../lib/browser-storage.ts';

/**
 * What the learner typed, kept in this browser until the server confirms it, so a failed save or a
 * closed tab loses nothing. Cleared as soon as the server holds the same text.
 */
export interface ReflectionDraft {
  text: string;
  savedAt: string;
}

export function reflectionDraftKey(parts: {
  userId: string;
  courseId: string;
  moduleId: string;
  lessonId: string;
  promptId: string;
}): string {
  return `${REFLECTION_DRAFT_PREFIX}${[parts.userId, parts.courseId, parts.moduleId, parts.lessonId, parts.promptId].join(':')}`;
}

export function readDraft(key: string): ReflectionDraft | null {
  try {
    const stored = localStorage.getItem(key);
    if (!stored) return null;
    const draft = JSON.parse(stored) as Partial<ReflectionDraft>;
    return typeof draft.text === 'string' && typeof draft.savedAt === 'string'
      ? { text: draft.text, savedAt: draft.savedAt }
      : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, text: string): void {
  try {
    localStorage.setItem(key, JSON.stringify({ text, savedAt: new Date().toISOString() }));
  } catch {
    // Storage full or disabled: the server save still runs.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/** Whose draft a visitor's is: kept under this until they have an account, then taken over. */
const VISITOR = 'visitor';

type PromptParts = Omit<Parameters<typeof reflectionDraftKey>[0], 'userId'>;

/** What a visitor typed in a free preview, kept while they sign up. */
export function writeVisitorDraft(parts: PromptParts, text: string): void {
  writeDraft(reflectionDraftKey({ userId: VISITOR, ...parts }), text);
}

export function readVisitorDraft(parts: PromptParts): string {
  return readDraft(reflectionDraftKey({ userId: VISITOR, ...parts }))?.text ?? '';
}

/**
 * A visitor's draft becomes the learner's once they have signed up and come back: their draft,
 * offered in the card, unless they already have one of their own.
 */
export function adoptVisitorDraft(parts: PromptParts, userId: string): void {
  const visitorKey = reflectionDraftKey({ userId: VISITOR, ...parts });
  const draft = readDraft(visitorKey);
  if (!draft) return;
  const learnerKey = reflectionDraftKey({ userId, ...parts });
  if (!readDraft(learnerKey)) writeDraft(learnerKey, draft.text);
  clearDraft(visitorKey);
}
