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
import { notify } from '../../../lib/notify.ts';
import {
  REFLECTION_BAR_FULL_AT,
  canSubmitReflection,
  characterBand,
  characterBarPercent,
  isBlank,
  reflectionLength,
  reflectionMessages,
  type CharacterBand,
} from '../../../../shared/rules/reflection.ts';
import type { SafetyConcern } from '../../../../shared/rules/companion.ts';
import { formatDateTime } from '../../../../shared/rules/dates.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  useReflectionAutosave,
  type ChangedElsewhere,
  type ReflectionAutosaveOptions,
  type SaveStatus,
} from '../hooks/use-reflection-autosave.ts';
import { useCrisisReadingAsTyped } from '../hooks/use-crisis-reading-as-typed.ts';

interface ReflectionPromptView {
  id: string;
  question: string;
  isRequired: boolean;
}

export interface ReflectionCardProps extends ReflectionAutosaveOptions {
  prompt: ReflectionPromptView;
  /**
   * The AI suggestion box and its button, given the current text, a way to add to it, and a way
   * to show the help when the draft is judged at risk.
   */
  renderAssist?: (
    text: string,
    append: (addition: string) => void,
    markAtRisk: (concern: SafetyConcern) => void,
  ) => ReactNode;
  /** The help for a learner at risk, shown in the card at once after a save judged at risk. */
  renderSafetyHelp?: (concern: SafetyConcern) => ReactNode;
}

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
  queue,
  onHeld,
  renderAssist,
  renderSafetyHelp,
}: ReflectionCardProps) {
  const {
    text,
    edit,
    append,
    status,
    isDirty,
    isKeeping,
    isTooLong,
    isCompleted,
    isAtRisk,
    concern,
    markAtRisk,
    runSave,
    offeredDraft,
    restoreDraft,
    discardDraft,
    changedElsewhere,
    chooseMine,
    chooseNewer,
  } = useReflectionAutosave({ saved, draftKey, save, queue, onHeld });
  const help = useRef<HTMLDivElement>(null);
  // Help before the autosave: the card's help shows as the words are typed, where it is shown.
  // Typing on keeps the caret in view, which on a phone can push the help below the fold: each
  // reading brings it back when none of it is on screen.
  const isHelpShown = useRef(isAtRisk);
  useEffect(() => {
    isHelpShown.current = isAtRisk;
  });
  const showHelpAsTyped = useCallback(
    (reading: SafetyConcern) => {
      markAtRisk(reading);
      // The first reading's help is brought into view by the effect below.
      if (!isHelpShown.current) return;
      requestAnimationFrame(() => {
        if (help.current && !isPartlyOnScreen(help.current)) {
          help.current.scrollIntoView?.({ block: 'nearest' });
        }
      });
    },
    [markAtRisk],
  );
  useCrisisReadingAsTyped(renderSafetyHelp ? text : '', showHelpAsTyped);
  // On a phone the card can end below the fold: the help comes into view, clear of the help bar,
  // when it first shows and again after each Save or Submit the learner presses (reaching for the
  // button can scroll part of the help away, and the server's answer then changes nothing).
  const [pressedSaves, setPressedSaves] = useState(0);
  useEffect(() => {
    if (isAtRisk) help.current?.scrollIntoView?.({ block: 'nearest' });
  }, [isAtRisk, pressedSaves]);
  const pressSave = async (action: 'save' | 'submit') => {
    const isSaved = await runSave(action);
    setPressedSaves((count) => count + 1);
    return isSaved;
  };
  const textarea = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const length = reflectionLength(text);

  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight}px`;
  }, [text]);

  // Shown from 100 characters only; the server answers a blank Submit with the spec's message.
  async function submit() {
    if (await pressSave('submit')) notify.site.success(reflectionMessages.submitted);
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

      {changedElsewhere && (
        <ChangedElsewhereNotice
          changed={changedElsewhere}
          onChooseMine={chooseMine}
          onChooseNewer={chooseNewer}
        />
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

      {concern && renderSafetyHelp && (
        <div ref={help} className="mt-3 scroll-mt-20 scroll-mb-4">
          {renderSafetyHelp(concern)}
        </div>
      )}

      {/* The companion's boxes take whole lines above; its Suggestion button sits beside Save. */}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {renderAssist && (
          <AssistSlot render={renderAssist} text={text} append={append} markAtRisk={markAtRisk} />
        )}
        <Button
          variant="secondary"
          onClick={() => void pressSave('save')}
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

/**
 * Another device saved this reflection after this device's text was written: the server kept the
 * newer text, now in the box, and this device's is offered to copy or to use instead (decision 041).
 */
function ChangedElsewhereNotice({
  changed,
  onChooseMine,
  onChooseNewer,
}: {
  changed: ChangedElsewhere;
  onChooseMine: () => void;
  onChooseNewer: () => void;
}) {
  const mineId = useId();
  async function copyMine() {
    try {
      await navigator.clipboard.writeText(changed.mine);
      notify.site.success('Your text is copied.');
    } catch {
      notify.site.error('Could not copy: select your text above and copy it.');
    }
  }
  return (
    <div
      role="region"
      aria-label="Changed on another device"
      className="mt-3 rounded-lg border border-flame-500/40 bg-flame-50 p-3 text-sm text-ink-800"
    >
      <p>
        This reflection was changed on another device on {formatDateTime(changed.theirs.updatedAt)}.
        That newer text was kept and is in the box below. What you wrote on this device was not
        saved:
      </p>
      <blockquote
        id={mineId}
        className="mt-2 max-h-40 overflow-y-auto whitespace-pre-wrap rounded border border-ink-600/20 bg-white p-2 text-ink-900"
      >
        {changed.mine}
      </blockquote>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" aria-describedby={mineId} onClick={() => void copyMine()}>
          Copy my text
        </Button>
        <Button variant="secondary" aria-describedby={mineId} onClick={onChooseMine}>
          Use my text instead
        </Button>
        <Button variant="ghost" onClick={onChooseNewer}>
          Keep the newer text
        </Button>
      </div>
    </div>
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
  markAtRisk: (concern: SafetyConcern) => void;
}) {
  return render(text, append, markAtRisk);
}

/** Kept in this browser's outbox, sent from any page of the site once online (decision 041). */
const offlineStatus =
  "You're offline. Kept on this device, not sent yet: it will be sent when you're back online with this site open.";

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
    case 'offline':
      return offlineStatus;
  }
}

function isPartlyOnScreen(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
}
