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
