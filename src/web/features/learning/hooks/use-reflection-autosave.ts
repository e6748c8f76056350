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
import { useIsHydrated } from '../../../lib/client-value.ts';
import {
  asReflection,
  heldInstead,
  isOwnVersion,
  listQueuedReflections,
  rememberOwnSave,
  watchReflectionOutbox,
  type OutboxOutcome,
} from '../api/reflection-outbox.ts';
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
  /** Not sent for want of a network: kept in this browser's outbox, sent once back online. */
  | { kind: 'offline' };

/** Another device saved this reflection first: the server kept theirs, this device had `mine`. */
export interface ChangedElsewhere {
  mine: string;
  theirs: Reflection;
}

export interface ReflectionSaveInput {
  response: string;
  action: ReflectionAction;
  /** The version the text was written on: the server refuses it if another save came since. */
  basedOn: string | null;
  /** This save's id: sent twice, it is stored once. */
  saveId: string;
}

const MAX_RETRY_DELAY_MS = 30_000;

export interface ReflectionAutosaveOptions {
  /** What the server holds for this prompt. */
  saved: Reflection | undefined;
  /** Where this browser keeps unsaved text (reflection-drafts.ts); the outbox's key too. */
  draftKey: string;
  /** Saves; `isAtRisk` when the server judged the words at risk. */
  save: (input: ReflectionSaveInput) => Promise<SavedReflection>;
  /** Keeps a save made offline in the outbox (reflection-outbox.ts), sent in order later. */
  queue: (input: Omit<ReflectionSaveInput, 'saveId'>) => Promise<{ saveId: string }>;
  /** What the server now holds, learnt outside `save` (the outbox sent it, another device). */
  onHeld?: (reflection: Reflection) => void;
}

/**
 * A reflection's text and its saves: a draft kept in the browser, an autosave 1 s after typing
 * stops (later and later after a failure that may pass), and Save or Submit in turn after it.
 * Offline, saves go to the outbox; each names the version it was written on, and a newer text
 * from another device is kept and shown, with this device's text offered back.
 */
export function useReflectionAutosave({
  saved,
  draftKey,
  save,
  queue,
  onHeld,
}: ReflectionAutosaveOptions) {
  const initialText = saved?.response ?? '';
  const [text, setText] = useState(initialText);
  const [savedText, setSavedText] = useState(initialText);
  const [isCompleted, setIsCompleted] = useState(saved?.completed ?? false);
  const [status, setStatus] = useState<SaveStatus>(saved ? { kind: 'saved' } : { kind: 'idle' });
  const [failures, setFailures] = useState(0);
  // Once a save (autosave, Save or Submit) is judged at risk, the help stays in the card: the
  // concern it answers is the latest one judged.
  const [concern, setConcern] = useState<SafetyConcern | null>(null);
  // A draft is in this browser only: read once React has the page, so that a page the server
  // rendered (without it) comes alive on the HTML it arrived as, then offers it.
  const [offeredDraft, setOfferedDraft] = useState<ReflectionDraft | null>(null);
  const [isDraftRead, setIsDraftRead] = useState(false);
  const isHydrated = useIsHydrated();
  if (isHydrated && !isDraftRead) {
    setIsDraftRead(true);
    const draft = readDraft(draftKey);
    if (draft && draft.text !== initialText) setOfferedDraft(draft);
  }
  const [changedElsewhere, setChangedElsewhere] = useState<ChangedElsewhere | null>(null);
  const textRef = useRef(text);
  const version = useRef(saved?.updatedAt ?? null);
  // The last save put in the outbox: until it is sent, later saves queue behind it.
  const lastQueued = useRef<string | null>(null);
  // The latest functions, so a parent's re-render does not restart the autosave timer.
  const callbacks = useRef({ save, queue, onHeld });
  useEffect(() => {
    callbacks.current = { save, queue, onHeld };
  });

  const isTooLong = Array.from(text).length > REFLECTION_MAX_LENGTH;
  const isDirty = text !== savedText;
  const isSaving = status.kind === 'saving';
  // A click on Save or Submit while an autosave is in flight waits for it instead of being lost.
  const isKeeping = isSaving && status.action !== 'autosave';
  const saveInFlight = useRef<Promise<unknown> | null>(null);

  const showText = useCallback((value: string) => {
    textRef.current = value;
    setText(value);
  }, []);

  /** The server holds `response` as `result`: the card says so, and the draft goes. */
  const accept = useCallback(
    (response: string, result: SavedReflection) => {
      version.current = result.updatedAt;
      const isCurrent = textRef.current === response;
      if (isCurrent) clearDraft(draftKey);
      setSavedText(response);
      if (result.isAtRisk) setConcern(result.concern ?? 'suicide-self-harm');
      setIsCompleted((was) => was || result.completed);
      setFailures(0);
      setStatus(isCurrent ? { kind: 'saved' } : { kind: 'idle' });
    },
    [draftKey],
  );

  /** Another device's text was kept: shown in the card, this device's offered back. */
  const keepTheirs = useCallback(
    (theirs: Reflection) => {
      const mine = textRef.current;
      version.current = theirs.updatedAt;
      lastQueued.current = null;
      callbacks.current.onHeld?.(theirs);
      showText(theirs.response);
      setSavedText(theirs.response);
      setIsCompleted(theirs.completed);
      setFailures(0);
      setStatus({ kind: 'saved' });
      setOfferedDraft(null);
      if (mine === theirs.response) return clearDraft(draftKey);
      // Kept as a draft too: a reload before the learner chooses still offers it back.
      writeDraft(draftKey, mine);
      setChangedElsewhere({ mine, theirs });
    },
    [draftKey, showText],
  );

  const queueNow = useCallback(
    async (action: ReflectionAction, response: string): Promise<null> => {
      try {
        const entry = await callbacks.current.queue({
          response,
          action,
          basedOn: version.current,
        });
        lastQueued.current = entry.saveId;
        setSavedText(response);
        setStatus({ kind: 'offline' });
      } catch {
        // No IndexedDB here: the draft stays in this browser and the save is tried again.
        setFailures((count) => count + 1);
        setStatus({ kind: 'error', message: reflectionMessages.saveFailed, isRetryable: true });
      }
      return null;
    },
    [],
  );

  const saveNow = useCallback(
    async (action: ReflectionAction): Promise<Reflection | null> => {
      // A second try only when the server held this device's own newer save (below).
      for (let isRebased = false; ; isRebased = true) {
        const response = textRef.current;
        if (lastQueued.current || !navigator.onLine) return queueNow(action, response);
        setStatus({ kind: 'saving', action });
        const saveId = crypto.randomUUID();
        try {
          const result = await callbacks.current.save({
            response,
            action,
            basedOn: version.current,
            saveId,
          });
          void rememberOwnSave(draftKey, saveId, result.updatedAt);
          accept(response, result);
          return result;
        } catch (error) {
          const theirs = heldInstead(error);
          if (theirs && theirs.response === response) {
            // This very text, stored before its answer was lost.
            accept(response, { ...asReflection(theirs), isAtRisk: false, concern: null });
          } else if (theirs && !isRebased && (await isOwnVersion(draftKey, theirs))) {
            // This device's own newer save (the card started from an older copy of the lesson):
            // this text was typed after it, so it is saved on top, with no word of another device.
            version.current = theirs.updatedAt;
            continue;
          } else if (theirs) {
            keepTheirs(asReflection(theirs));
          } else {
            const failure = describeFailure(error);
            if (failure.isRetryable && !navigator.onLine) return queueNow(action, response);
            setFailures((count) => count + 1);
            setStatus({ kind: 'error', ...failure });
          }
          return null;
        }
      }
    },
    [accept, draftKey, keepTheirs, queueNow],
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

  // What the outbox did with this reflection's queued saves, and those a reload left waiting.
  useEffect(() => {
    const onOutcome = (outcome: OutboxOutcome) => {
      const isLast = outcome.entry.saveId === lastQueued.current;
      if (isLast) lastQueued.current = null;
      if (outcome.kind === 'changed-elsewhere') return keepTheirs(outcome.current);
      if (outcome.kind === 'refused') {
        lastQueued.current = null;
        return setStatus({ kind: 'error', message: outcome.message, isRetryable: false });
      }
      callbacks.current.onHeld?.(outcome.saved);
      if (isLast) accept(outcome.entry.response, outcome.saved);
      else version.current = outcome.saved.updatedAt;
    };
    const stopWatching = watchReflectionOutbox(draftKey, onOutcome);
    let isWatching = true;
    void listQueuedReflections(draftKey)
      .catch(() => [])
      .then((waiting) => {
        const latest = waiting.at(-1);
        if (!isWatching || !latest || lastQueued.current) return;
        lastQueued.current = latest.saveId;
        if (textRef.current === initialText) showText(latest.response);
        setSavedText(latest.response);
        setStatus({ kind: 'offline' });
        setOfferedDraft((draft) => (draft?.text === latest.response ? null : draft));
      });
    return () => {
      isWatching = false;
      stopWatching();
    };
    // Once per card: the saved text it started from is not a reason to look again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftKey, accept, keepTheirs, showText]);

  // Autosave 1 s after typing stops; after a failure that may pass, try again later and later.
  const canRetry = status.kind === 'error' ? status.isRetryable : true;
  useEffect(() => {
    if (isSaving || !isDirty || !canRetry || isBlank(text) || isTooLong) return;
    const delay = status.kind === 'error' ? retryDelay(failures) : REFLECTION_AUTOSAVE_DELAY_MS;
    const timer = setTimeout(() => void runSave('autosave'), delay);
    return () => clearTimeout(timer);
  }, [text, isDirty, isSaving, canRetry, isTooLong, status.kind, failures, runSave]);

  function edit(value: string) {
    showText(value);
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

  /** The learner chose their own text over the other device's: it is saved on top of it. */
  function chooseMine() {
    if (!changedElsewhere) return;
    setChangedElsewhere(null);
    edit(changedElsewhere.mine);
  }

  function chooseNewer() {
    setChangedElsewhere(null);
    if (textRef.current === savedText) clearDraft(draftKey);
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
    changedElsewhere,
    chooseMine,
    chooseNewer,
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
