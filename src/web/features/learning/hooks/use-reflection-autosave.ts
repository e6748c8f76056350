import { useCallback, useEffect, useRef, useState } from 'react';
import type { Reflection, SavedReflection } from '../../../../shared/api/learning.ts';
import {
  REFLECTION_AUTOSAVE_DELAY_MS,
  REFLECTION_MAX_LENGTH,
  isBlank,
  reflectionMessages,
  type ReflectionAction,
} from '../../../../shared/rules/reflection.ts';
import type { SafetyConcern } from '../../../../shared/rules/companion.ts';
import { ApiError, isWorthRetrying, messageOf } from '../../../lib/api-client.ts';
import {
  clearDraft,
  readDraft,
  writeDraft,
  type ReflectionDraft,
} from '../components/reflection-drafts.ts';

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving'; action: ReflectionAction }
  | { kind: 'saved' }
  | { kind: 'error'; message: string; isRetryable: boolean }
  /** Not sent for want of a network: kept in this browser, sent once it is back online. */
  | { kind: 'offline' };

const MAX_RETRY_DELAY_MS = 30_000;

export interface ReflectionAutosaveOptions {
  /** What the server holds for this prompt. */
  saved: Reflection | undefined;
  /** Where this browser keeps unsaved text (reflection-drafts.ts). */
  draftKey: string;
  /** Saves; `isAtRisk` when the server judged the words at risk. */
  save: (input: { response: string; action: ReflectionAction }) => Promise<SavedReflection>;
}

/**
 * A reflection's text and its saves: a draft kept in the browser, an autosave 1 s after typing
 * stops (later and later after a failure that may pass), and Save or Submit in turn after it.
 */
export function useReflectionAutosave({ saved, draftKey, save }: ReflectionAutosaveOptions) {
  const initialText = saved?.response ?? '';
  const [text, setText] = useState(initialText);
  const [savedText, setSavedText] = useState(initialText);
  const [isCompleted, setIsCompleted] = useState(saved?.completed ?? false);
  const [status, setStatus] = useState<SaveStatus>(saved ? { kind: 'saved' } : { kind: 'idle' });
  const [failures, setFailures] = useState(0);
  // Once a save (autosave, Save or Submit) is judged at risk, the help stays in the card: the
  // concern it answers is the latest one judged.
  const [concern, setConcern] = useState<SafetyConcern | null>(null);
  const [offeredDraft, setOfferedDraft] = useState<ReflectionDraft | null>(() => {
    const draft = readDraft(draftKey);
    return draft && draft.text !== initialText ? draft : null;
  });
  const textRef = useRef(text);
  // The latest save function, so a parent's re-render does not restart the autosave timer.
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  const isTooLong = Array.from(text).length > REFLECTION_MAX_LENGTH;
  const isDirty = text !== savedText;
  const isSaving = status.kind === 'saving';
  // A click on Save or Submit while an autosave is in flight waits for it instead of being lost.
  const isKeeping = isSaving && status.action !== 'autosave';
  const saveInFlight = useRef<Promise<unknown> | null>(null);
  const pendingAction = useRef<ReflectionAction>('autosave');

  const saveNow = useCallback(
    async (action: ReflectionAction): Promise<Reflection | null> => {
      const response = textRef.current;
      setStatus({ kind: 'saving', action });
      try {
        const result = await saveRef.current({ response, action });
        const isCurrent = textRef.current === response;
        if (isCurrent) clearDraft(draftKey);
        setSavedText(response);
        if (result.isAtRisk) setConcern(result.concern ?? 'suicide-self-harm');
        setIsCompleted((was) => was || result.completed);
        setFailures(0);
        setStatus(isCurrent ? { kind: 'saved' } : { kind: 'idle' });
        return result;
      } catch (error) {
        setFailures((count) => count + 1);
        const failure = describeFailure(error);
        const isOffline = failure.isRetryable && !navigator.onLine;
        // A Save or Submit made offline is made again on reconnecting, not turned into a draft.
        if (isOffline && action !== 'autosave')
          pendingAction.current = strongest(pendingAction.current, action);
        setStatus(isOffline ? { kind: 'offline' } : { kind: 'error', ...failure });
        return null;
      }
    },
    [draftKey],
  );

  /** Saves run one after another, each with the text of the moment it starts. */
  const runSave = useCallback(
    (action: ReflectionAction): Promise<Reflection | null> => {
      const previous = saveInFlight.current;
      const next = previous ? previous.then(() => saveNow(action)) : saveNow(action);
      saveInFlight.current = next;
      void next.finally(() => {
        if (saveInFlight.current === next) saveInFlight.current = null;
      });
      return next;
    },
    [saveNow],
  );

  // Autosave 1 s after typing stops; after a failure that may pass, try again later and later.
  // Offline, the next try waits for the browser to be back online (below), not for a timer.
  const canRetry = status.kind === 'error' ? status.isRetryable : status.kind !== 'offline';
  useEffect(() => {
    if (isSaving || !isDirty || !canRetry || isBlank(text) || isTooLong) return;
    const delay = status.kind === 'error' ? retryDelay(failures) : REFLECTION_AUTOSAVE_DELAY_MS;
    const timer = setTimeout(() => void runSave('autosave'), delay);
    return () => clearTimeout(timer);
  }, [text, isDirty, isSaving, canRetry, isTooLong, status.kind, failures, runSave]);

  const isWaitingForNetwork =
    status.kind === 'offline' || (status.kind === 'error' && status.isRetryable);
  useEffect(() => {
    if (!isWaitingForNetwork) return;
    const retryNow = () => {
      const action = pendingAction.current;
      pendingAction.current = 'autosave';
      void runSave(action);
    };
    window.addEventListener('online', retryNow);
    return () => window.removeEventListener('online', retryNow);
  }, [isWaitingForNetwork, runSave]);

  function edit(value: string) {
    textRef.current = value;
    setText(value);
    if (value === savedText) clearDraft(draftKey);
    else writeDraft(draftKey, value);
    setStatus((current) => {
      if (current.kind === 'saving') return current;
      if (current.kind === 'error' && current.isRetryable) return current;
      if (current.kind === 'offline') return current;
      return value === savedText && savedText !== '' ? { kind: 'saved' } : { kind: 'idle' };
    });
  }

  const markAtRisk = useCallback((judged: SafetyConcern) => setConcern(judged), []);

  function append(addition: string) {
    const current = text.trimEnd();
    edit(current === '' ? addition : `${current}\n\n${addition}`);
  }

  function restoreDraft(draft: ReflectionDraft) {
    setOfferedDraft(null);
    edit(draft.text);
  }

  function discardDraft() {
    setOfferedDraft(null);
    clearDraft(draftKey);
  }

  return {
    text,
    edit,
    append,
    status,
    isDirty,
    isKeeping,
    isTooLong,
    isCompleted,
    isAtRisk: concern !== null,
    concern,
    markAtRisk,
    runSave,
    offeredDraft,
    restoreDraft,
    discardDraft,
  };
}

/** The server's reason when it gave one; network trouble, 5xx, 408 and 429 are worth a retry. */
function describeFailure(error: unknown): { message: string; isRetryable: boolean } {
  const isRetryable =
    isWorthRetrying(error) ||
    (error instanceof ApiError && (error.status === 408 || error.status === 429));
  const responseFault = error instanceof ApiError ? error.fields?.response : undefined;
  const message = isRetryable
    ? reflectionMessages.saveFailed
    : (responseFault ?? messageOf(error, reflectionMessages.saveFailed));
  return { message, isRetryable };
}

function retryDelay(failures: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, 2000 * 2 ** Math.max(0, failures - 1));
}

const actionStrength: Record<ReflectionAction, number> = { autosave: 0, save: 1, submit: 2 };

function strongest(a: ReflectionAction, b: ReflectionAction): ReflectionAction {
  return actionStrength[a] >= actionStrength[b] ? a : b;
}
