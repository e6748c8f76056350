import { Lightbulb } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Suggestion } from '../../../../shared/api/companion.ts';
import {
  AUTO_SUGGESTION_DELAY_MS,
  canRequestSuggestion,
  companionMessages,
  shouldAutoSuggest,
  type SafetyConcern,
} from '../../../../shared/rules/companion.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useCompanionSettings } from '../api/companion-settings.ts';
import { useRequestSuggestion } from '../api/request-suggestion.ts';
import { AiNotice, useAiNoticeDeferral } from './ai-notice.tsx';

export interface ReflectionSuggestionProps {
  courseId: string;
  moduleId: string;
  lessonId: string;
  promptId: string;
  /** The reflection's current text. */
  text: string;
  onAppend: (addition: string) => void;
  /** The draft was judged at risk: the card shows the help at once. */
  onAtRisk: (concern: SafetyConcern) => void;
}

const typeLabels = {
  deepening: 'Go deeper',
  clarity: 'Clarity',
  insight: 'Insight',
  connection: 'Connection',
} as const;

/**
 * The reflection card's AI suggestion: hidden, then 'Generating suggestion...', then shown, to be
 * dismissed or appended. Asked for with the Suggestion button (50+ characters) or by itself 5 s
 * after typing stops, past 50 characters, with the AI on, no suggestion showing, and the learner
 * still at this reflection; never by itself before the AI notice is accepted, and the button shows
 * the notice first.
 */
export function ReflectionSuggestion({
  text,
  onAppend,
  onAtRisk,
  ...where
}: ReflectionSuggestionProps) {
  const settings = useCompanionSettings();
  const request = useRequestSuggestion();
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const suggestedFor = useRef<string | null>(null);
  // The text an appended suggestion produces is not the learner typing: no new suggestion for it.
  const isAppending = useRef(false);
  const isLoading = request.isPending;
  // A draft at risk gets the help (in the card) instead of a suggestion, and no more by themselves.
  const [isAtRisk, setAtRisk] = useState(false);
  const hasSuggestion = suggestion !== null || isLoading || isAtRisk;

  const mode = settings.data?.mode;
  const aiNotice = settings.data?.aiNotice;
  const deferral = useAiNoticeDeferral();
  const [isShowingNotice, setShowingNotice] = useState(false);
  // Accepted elsewhere (the panel) meanwhile: the card's notice has nothing left to ask.
  const noticeShown = isShowingNotice && mode === 'awaiting-consent' ? aiNotice : null;

  /** The Suggestion button: the AI notice first, unless the learner answered it this visit. */
  function askOrShowNotice() {
    if (mode === 'awaiting-consent' && aiNotice && !deferral.isDeferred) setShowingNotice(true);
    else ask();
  }

  function answerNotice(isAccepted: boolean) {
    setShowingNotice(false);
    if (!isAccepted) deferral.defer();
    // Declined, the server answers from its built-in suggestions; nothing leaves it.
    ask();
  }

  function ask() {
    suggestedFor.current = text;
    request.mutate(
      { ...where, response: text },
      {
        onSuccess: (answer) => {
          const isAtRisk = Boolean(answer.isAtRisk) || !answer.suggestion;
          setAtRisk(isAtRisk);
          setSuggestion(isAtRisk ? null : answer.suggestion);
          if (isAtRisk) onAtRisk(answer.concern ?? 'suicide-self-harm');
        },
        onError: () => setSuggestion(companionMessages.defaultSuggestion),
      },
    );
  }
  const askRef = useRef(ask);
  useEffect(() => {
    askRef.current = ask;
  });

  // Only while the learner is still at this reflection: a box opening in a card they have left
  // would push the page about under them.
  const wrapper = useRef<HTMLDivElement>(null);
  const isLearnerHere = () =>
    wrapper.current?.closest('article')?.contains(document.activeElement) ?? false;

  // Never by itself before the learner has accepted the AI notice, nor while the settings load.
  const isAiEnabled =
    mode !== undefined && mode !== 'off' && mode !== 'switched-off' && mode !== 'awaiting-consent';
  useEffect(() => {
    if (isAppending.current) {
      isAppending.current = false;
      suggestedFor.current = text;
    }
    if (suggestedFor.current === text) return;
    if (!shouldAutoSuggest({ text, isAiEnabled, hasSuggestion })) return;
    const timer = setTimeout(() => {
      if (isLearnerHere()) askRef.current();
    }, AUTO_SUGGESTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, isAiEnabled, hasSuggestion]);

  return (
    // Laid out by the card's row of buttons: the boxes take whole lines, the button joins the row.
    <div ref={wrapper} className="contents">
      {noticeShown && (
        <div className="basis-full">
          <AiNotice
            notice={noticeShown}
            headingLevel={4}
            onAccepted={() => answerNotice(true)}
            onNotNow={() => answerNotice(false)}
          />
        </div>
      )}
      {(suggestion !== null || isLoading) && (
        <div
          role="region"
          aria-label="AI suggestion"
          aria-live="polite"
          className="basis-full rounded-lg border border-flame-500/40 bg-flame-50 p-3 text-sm text-ink-800"
        >
          {isLoading || !suggestion ? (
            <p>{companionMessages.generatingSuggestion}</p>
          ) : (
            <>
              <p className="text-xs font-semibold tracking-wide text-flame-700 uppercase">
                {typeLabels[suggestion.type]}
              </p>
              <p className="mt-1">{suggestion.text}</p>
              <div className="mt-2 flex gap-2">
                <Button
                  variant="secondary"
                  onClick={() => {
                    isAppending.current = true;
                    onAppend(suggestion.text);
                    setSuggestion(null);
                  }}
                >
                  Add to reflection
                </Button>
                <Button variant="ghost" onClick={() => setSuggestion(null)}>
                  Dismiss
                </Button>
              </div>
            </>
          )}
        </div>
      )}
      <Button
        variant="secondary"
        onClick={askOrShowNotice}
        disabled={!canRequestSuggestion(text) || isLoading || Boolean(noticeShown)}
        title={canRequestSuggestion(text) ? undefined : 'Write at least 50 characters first'}
      >
        <Lightbulb className="h-4 w-4" aria-hidden="true" />
        Suggestion
      </Button>
    </div>
  );
}
