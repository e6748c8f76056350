import { lazy, Suspense } from 'react';
import { companionMessages } from '../../../../shared/rules/companion.ts';
import { usePatterns } from '../api/get-patterns.ts';

// Recharts loads only when the Patterns tab is opened.
const MoodChart = lazy(() => import('./mood-chart.tsx'));

const typeLabels = {
  strength: 'Strength',
  challenge: 'Challenge',
  growth: 'Growth',
  insight: 'Insight',
} as const;

/** Patterns across the learner's reflections, and the mood over time. */
export function PatternsTab({ courseId }: { courseId: string }) {
  const { data, isPending, isError } = usePatterns(courseId);
  if (isPending) return <p className="p-4 text-sm text-ink-700">Loading patterns...</p>;
  if (isError)
    return <p className="p-4 text-sm text-red-700">{companionMessages.unavailableToast}</p>;
  return (
    <div className="space-y-5 overflow-y-auto p-4">
      {data.moods.length > 0 && (
        <section aria-labelledby="mood-heading">
          <h3 id="mood-heading" className="font-display text-base font-semibold text-ink-900">
            Mood over time
          </h3>
          <Suspense fallback={<p className="text-sm text-ink-700">Loading chart...</p>}>
            <MoodChart moods={data.moods} />
          </Suspense>
        </section>
      )}
      {data.patterns.length === 0 ? (
        <div className="rounded-lg border border-dashed border-ink-600/30 p-4 text-center">
          <h3 className="font-display font-semibold text-ink-900">
            {companionMessages.noPatterns}
          </h3>
          <p className="mt-1 text-sm text-ink-700">
            Patterns appear after you complete three reflections.
          </p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Patterns">
          {data.patterns.map((pattern) => (
            <li key={pattern.id}>
              <article
                aria-labelledby={`pattern-${pattern.id}`}
                className="rounded-lg border border-ink-600/20 bg-white p-4"
              >
                <div className="flex items-start justify-between gap-2">
                  <h3
                    id={`pattern-${pattern.id}`}
                    className="font-display font-semibold text-ink-900"
                  >
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
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
