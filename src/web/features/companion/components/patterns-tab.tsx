import { lazy, Suspense } from 'react';
import { notify } from '../../../lib/notify.ts';
import { companionMessages } from '../../../../shared/rules/companion.ts';
import { useCorrectEmotion } from '../api/correct-emotion.ts';
import { useDismissPattern } from '../api/dismiss-pattern.ts';
import { usePatterns } from '../api/get-patterns.ts';
import { MoodReadings } from './mood-readings.tsx';
import { PatternCard } from './pattern-card.tsx';
import { messageOf } from '../../../lib/api-client.ts';

// Recharts loads only when the Patterns tab is opened.
const MoodChart = lazy(() => import('./mood-chart.tsx'));

/** Runs a change of the learner's; a refusal is told in a toast and keeps the control open. */
async function toastFailure(change: () => Promise<unknown>): Promise<void> {
  try {
    await change();
  } catch (error) {
    notify.site.error(messageOf(error, companionMessages.unavailableToast));
    throw error;
  }
}

/** Patterns across the learner's reflections, and the mood over time, which they can correct. */
export function PatternsTab({ courseId }: { courseId: string }) {
  const { data, isPending, isError } = usePatterns(courseId);
  const correctEmotion = useCorrectEmotion(courseId);
  const dismissPattern = useDismissPattern(courseId);
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
          <MoodReadings
            moods={data.moods}
            correct={(id, reading) =>
              toastFailure(() => correctEmotion.mutateAsync({ id, ...reading }))
            }
            hide={(id) => toastFailure(() => correctEmotion.mutateAsync({ id, isHidden: true }))}
          />
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
              <PatternCard
                pattern={pattern}
                dismiss={() => toastFailure(() => dismissPattern.mutateAsync(pattern.id))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
