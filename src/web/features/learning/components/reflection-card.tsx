import { CheckCircle2 } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toast } from 'react-hot-toast';
import type { Reflection, SavedReflection } from '../../../../shared/api/learning.ts';
import {
  REFLECTION_AUTOSAVE_DELAY_MS,
  REFLECTION_BAR_FULL_AT,
  REFLECTION_MAX_LENGTH,
  canSubmitReflection,
  characterBand,
  characterBarPercent,
  isBlank,
  reflectionLength,
  reflectionMessages,
  type CharacterBand,
  type ReflectionAction,
} from '../../../../shared/rules/reflection.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { clearDraft, readDraft, writeDraft, type ReflectionDraft } from './reflection-drafts.ts';
import { formatDateTime } from '../../../../shared/rules/dates.ts';

interface ReflectionPromptView {
  id: string;
  question: string;
  isRequired: boolean;
}

export interface ReflectionCardProps {
  prompt: ReflectionPromptView;
  /** What the server holds for this prompt. */
  saved: Reflection | undefined;
  /** Where this browser keeps unsaved text (reflection-drafts.ts). */
  draftKey: string;
  /** Saves; `isAtRisk` when the server judged the words at risk. */
  save: (input: { response: string; action: ReflectionAction }) => Promise<SavedReflection>;
  /**
   * The AI suggestion box and its button, given the current text, a way to add to it, and a way
   * to show the help when the draft is judged at risk.
   */
  renderAssist?: (
    text: string,
    append: (addition: string) => void,
    markAtRisk: () => void,
  ) => ReactNode;
  /** The help for a learner at risk, shown in the card at once after a save judged at risk. */
  renderSafetyHelp?: () => ReactNode;
}

type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving'; action: ReflectionAction }
  | { kind: 'saved' }
  | { kind: 'error'; message: string; isRetryable: boolean };

const MAX_RETRY_DELAY_MS = 30_000;

const bandColours: Record<CharacterBand, string> = {
  short: 'bg-ink-600',
  enough: 'bg-flame-600',
  full: 'bg-green-700',
};

/** One reflection prompt: write, autosave a draft, save, submit (spec 2 §2, §4, §5). */
export function ReflectionCard({
  prompt,
  saved,
  draftKey,
  save,
  renderAssist,
  renderSafetyHelp,
}: ReflectionCardProps) {
  const initialText = saved?.response ?? '';
  const [text, setText] = useState(initialText);
  const [savedText, setSavedText] = useState(initialText);
  const [isCompleted, setIsCompleted] = useState(saved?.completed ?? false);
  const [status, setStatus] = useState<SaveStatus>(saved ? { kind: 'saved' } : { kind: 'idle' });
  const [failures, setFailures] = useState(0);
  // Once a save (autosave, Save or Submit) is judged at risk, the help stays in the card.
  const [isAtRisk, setAtRisk] = useState(false);
  const help = useRef<HTMLDivElement>(null);
  // On a phone the card can end below the fold: the help comes into view, clear of fixed buttons.
  useEffect(() => {
    if (isAtRisk) help.current?.scrollIntoView?.({ block: 'nearest' });
  }, [isAtRisk]);
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
  const textarea = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  const length = reflectionLength(text);
  const isTooLong = Array.from(text).length > REFLECTION_MAX_LENGTH;
  const isDirty = text !== savedText;
  const isSaving = status.kind === 'saving';
  // A click on Save or Submit while an autosave is in flight waits for it instead of being lost.
  const isKeeping = isSaving && status.action !== 'autosave';
  const saveInFlight = useRef<Promise<unknown> | null>(null);

  const saveNow = useCallback(
    async (action: ReflectionAction): Promise<Reflection | null> => {
      const response = textRef.current;
      setStatus({ kind: 'saving', action });
      try {
        const result = await saveRef.current({ response, action });
        const isCurrent = textRef.current === response;
        if (isCurrent) clearDraft(draftKey);
        setSavedText(response);
        if (result.isAtRisk) setAtRisk(true);
        setIsCompleted((was) => was || result.completed);
        setFailures(0);
        setStatus(isCurrent ? { kind: 'saved' } : { kind: 'idle' });
        return result;
      } catch (error) {
        setFailures((count) => count + 1);
        setStatus({ kind: 'error', ...describeFailure(error) });
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
  const canRetry = status.kind !== 'error' || status.isRetryable;
  useEffect(() => {
    if (isSaving || !isDirty || !canRetry || isBlank(text) || isTooLong) return;
    const delay = status.kind === 'error' ? retryDelay(failures) : REFLECTION_AUTOSAVE_DELAY_MS;
    const timer = setTimeout(() => void runSave('autosave'), delay);
    return () => clearTimeout(timer);
  }, [text, isDirty, isSaving, canRetry, isTooLong, status.kind, failures, runSave]);

  useEffect(() => {
    if (status.kind !== 'error' || !status.isRetryable) return;
    const retryNow = () => void runSave('autosave');
    window.addEventListener('online', retryNow);
    return () => window.removeEventListener('online', retryNow);
  }, [status, runSave]);

  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight}px`;
  }, [text]);

  function edit(value: string) {
    textRef.current = value;
    setText(value);
    if (value === savedText) clearDraft(draftKey);
    else writeDraft(draftKey, value);
    setStatus((current) => {
      if (current.kind === 'saving') return current;
      if (current.kind === 'error' && current.isRetryable) return current;
      return value === savedText && savedText !== '' ? { kind: 'saved' } : { kind: 'idle' };
    });
  }

  // Shown from 100 characters only; the server answers a blank Submit with the spec's message.
  async function submit() {
    if (await runSave('submit')) toast.success(reflectionMessages.submitted);
  }

  const markAtRisk = useCallback(() => setAtRisk(true), []);

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

  const questionId = `${id}-question`;
  const countId = `${id}-count`;
  const limitId = `${id}-limit`;

  return (
    <article
      aria-labelledby={questionId}
      className="rounded-xl border border-ink-600/20 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={questionId} className="font-display text-lg font-semibold text-ink-900">
          {prompt.question}
        </h3>
        {prompt.isRequired && (
          <span className="rounded-full bg-flame-100 px-2.5 py-0.5 text-xs font-semibold text-flame-700">
            Required reflection
          </span>
        )}
      </div>

      {offeredDraft && (
        <div
          role="region"
          aria-label="Unsaved draft"
          className="mt-3 rounded-lg border border-flame-500/40 bg-flame-50 p-3 text-sm text-ink-800"
        >
          <p>
            You have an unsaved draft of this reflection from {formatDateTime(offeredDraft.savedAt)}
            .
          </p>
          <div className="mt-2 flex gap-2">
            <Button variant="secondary" onClick={() => restoreDraft(offeredDraft)}>
              Restore draft
            </Button>
            <Button variant="ghost" onClick={discardDraft}>
              Discard draft
            </Button>
          </div>
        </div>
      )}

      <textarea
        ref={textarea}
        value={text}
        onChange={(event) => edit(event.target.value)}
        placeholder="Share your reflection here..."
        aria-labelledby={questionId}
        aria-describedby={isTooLong ? `${countId} ${limitId}` : countId}
        aria-invalid={isTooLong || undefined}
        rows={4}
        className="mt-3 block w-full resize-none overflow-hidden rounded-lg border border-ink-600/40 bg-white px-3 py-2.5 text-ink-900 placeholder:text-ink-600 focus:border-flame-600 aria-[invalid]:border-red-700"
      />

      <div className="mt-2 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label="Reflection length"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={characterBarPercent(length)}
          aria-valuetext={`${length} of ${REFLECTION_BAR_FULL_AT} characters`}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-ink-600/15"
        >
          <div
            data-band={characterBand(length)}
            className={`h-full rounded-full transition-all ${bandColours[characterBand(length)]}`}
            style={{ width: `${characterBarPercent(length)}%` }}
          />
        </div>
        <p id={countId} className="shrink-0 text-sm text-ink-700">
          {length} characters
        </p>
      </div>
      {isTooLong && (
        <p id={limitId} role="alert" className="mt-1 text-sm text-red-700">
          {reflectionMessages.tooLong}
        </p>
      )}

      <p
        role="status"
        className={`mt-2 text-sm ${status.kind === 'error' ? 'text-red-700' : 'text-ink-700'}`}
      >
        {statusText(status)}
      </p>

      {isAtRisk && renderSafetyHelp && (
        <div ref={help} className="mt-3 scroll-mt-4 scroll-mb-28">
          {renderSafetyHelp()}
        </div>
      )}

      {/* The companion's boxes take whole lines above; its Suggestion button sits beside Save. */}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {renderAssist && (
          <AssistSlot render={renderAssist} text={text} append={append} markAtRisk={markAtRisk} />
        )}
        <Button
          variant="secondary"
          onClick={() => void runSave('save')}
          disabled={!isDirty || isBlank(text) || isKeeping || isTooLong}
        >
          Save
        </Button>
        {canSubmitReflection(text, isCompleted) && (
          <Button onClick={() => void submit()} disabled={isKeeping || isTooLong}>
            Submit
          </Button>
        )}
        {isCompleted && (
          <p className="ml-auto inline-flex items-center gap-1.5 text-sm font-semibold text-green-800">
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            Reflection completed
          </p>
        )}
      </div>
    </article>
  );
}

/** The companion's part of the card, called as a component so it renders with its own hooks. */
function AssistSlot({
  render,
  text,
  append,
  markAtRisk,
}: {
  render: NonNullable<ReflectionCardProps['renderAssist']>;
  text: string;
  append: (addition: string) => void;
  markAtRisk: () => void;
}) {
  return render(text, append, markAtRisk);
}

function statusText(status: SaveStatus): string {
  switch (status.kind) {
    case 'idle':
      return 'Not saved yet';
    case 'saving':
      return 'Saving...';
    case 'saved':
      return 'Saved';
    case 'error':
      return status.message;
  }
}

/** The server's reason when it gave one; network trouble and 5xx answers are worth a retry. */
function describeFailure(error: unknown): { message: string; isRetryable: boolean } {
  if (error instanceof ApiError) {
    const isRetryable = error.status >= 500 || error.status === 408 || error.status === 429;
    const message = isRetryable
      ? reflectionMessages.saveFailed
      : (error.fields?.response ?? error.message);
    return { message, isRetryable };
  }
  return { message: reflectionMessages.saveFailed, isRetryable: true };
}

function retryDelay(failures: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, 2000 * 2 ** Math.max(0, failures - 1));
}
