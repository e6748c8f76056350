import { useState } from 'react';
import type { Pattern } from '../../../../shared/api/companion.ts';
import { Button } from '../../../components/ui/button.tsx';

const typeLabels = {
  strength: 'Strength',
  challenge: 'Challenge',
  growth: 'Growth',
  insight: 'Insight',
} as const;

/** One pattern, the reflections it rests on, and the learner's control to dismiss it. */
export function PatternCard({
  pattern,
  dismiss,
}: {
  pattern: Pattern;
  dismiss: () => Promise<void>;
}) {
  const [isBusy, setIsBusy] = useState(false);
  const headingId = `pattern-${pattern.id}`;
  const onDismiss = () => {
    setIsBusy(true);
    dismiss().catch(() => setIsBusy(false));
  };
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-ink-600/20 bg-white p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="font-display font-semibold text-ink-900">
          {pattern.title}
        </h3>
        <span className="rounded-full bg-flame-100 px-2 py-0.5 text-xs font-semibold text-flame-700">
          {typeLabels[pattern.type]}
        </span>
      </div>
      <p className="mt-1 text-sm text-ink-800">{pattern.description}</p>
      {pattern.suggestions.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-800">
          {pattern.suggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      )}
      {pattern.evidence.length > 0 && (
        <div className="mt-3 text-sm text-ink-700">
          <p id={`${headingId}-evidence`} className="font-semibold">
            Based on your reflections
          </p>
          <ul aria-labelledby={`${headingId}-evidence`} className="mt-1 space-y-1">
            {pattern.evidence.map((reflection) => (
              <li key={reflection.reflectionId}>
                {reflection.lessonTitle}: “{reflection.question}”
              </li>
            ))}
          </ul>
        </div>
      )}
      <Button
        variant="ghost"
        className="mt-2 px-2 py-1 text-sm"
        aria-label={`Dismiss the pattern “${pattern.title}”`}
        disabled={isBusy}
        onClick={onDismiss}
      >
        Dismiss
      </Button>
    </article>
  );
}
