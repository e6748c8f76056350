import type { SafetyEventCount } from '../../../../shared/api/companion.ts';
import { safetyConcernLabels, safetyConcerns } from '../../../../shared/rules/companion.ts';
import { useSafetyEvents } from '../api/get-safety-events.ts';
import { Panel } from '../../../components/ui/panel.tsx';

const pathLabels: Record<SafetyEventCount['path'], string> = {
  chat: 'Chat message',
  suggestion: 'Suggestion request',
  autosave: 'Reflection draft (autosaved)',
  save: 'Reflection saved',
  submit: 'Reflection submitted',
};
const signalLabels: Record<SafetyEventCount['signal'], string> = {
  detector: 'built-in check',
  meaning: 'built-in reader of meaning',
  moderation: "AI service's moderation",
  model: "AI model's risk reading",
};

/** The admin's view of the companion's safety net (docs/decisions/014-companion-safety.md). */
export function SafetyEvents() {
  const events = useSafetyEvents();
  return (
    <Panel title="Safety responses in the last 30 days">
      <p className="mt-1 text-sm text-ink-700">
        How often the AI companion met words of crisis with its safety response and the help for
        each concern. What learners wrote is never recorded here.
      </p>
      <SafetyEventsBody events={events} />
    </Panel>
  );
}

function SafetyEventsBody({ events }: { events: ReturnType<typeof useSafetyEvents> }) {
  if (events.isPending) return <p className="mt-3">Loading safety responses...</p>;
  if (events.isError) {
    return (
      <p role="alert" className="mt-3">
        The safety responses could not be loaded.
      </p>
    );
  }
  if (events.data.counts.length === 0) return <p className="mt-3">None.</p>;
  const { counts } = events.data;
  const totalOf = (concern: SafetyEventCount['concern']) =>
    counts.filter((row) => row.concern === concern).reduce((sum, row) => sum + row.count, 0);
  return (
    <>
      <ul aria-label="Safety responses by concern" className="mt-3 flex flex-wrap gap-2 text-sm">
        {safetyConcerns.map((concern) => (
          <li key={concern} className="rounded-lg border border-ink-600/20 px-3 py-1.5">
            {safetyConcernLabels[concern]}: <strong>{totalOf(concern)}</strong>
          </li>
        ))}
      </ul>
      <SafetyEventsTable counts={counts} />
    </>
  );
}

function SafetyEventsTable({ counts }: { counts: SafetyEventCount[] }) {
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="sr-only">Safety responses by where they were shown and how</caption>
      <thead className="border-b border-ink-600/20 text-ink-700">
        <tr>
          <th scope="col" className="py-1 pr-3">
            Where
          </th>
          <th scope="col" className="py-1 pr-3">
            Companion mode
          </th>
          <th scope="col" className="py-1 pr-3">
            Recognised by
          </th>
          <th scope="col" className="py-1 pr-3">
            Concern
          </th>
          <th scope="col" className="py-1">
            Times
          </th>
        </tr>
      </thead>
      <tbody>
        {counts.map((row) => (
          <tr
            key={`${row.path}-${row.mode}-${row.signal}-${row.concern}`}
            className="border-b border-ink-600/10"
          >
            <td className="py-1 pr-3">{pathLabels[row.path]}</td>
            <td className="py-1 pr-3">{row.mode}</td>
            <td className="py-1 pr-3">{signalLabels[row.signal]}</td>
            <td className="py-1 pr-3">{safetyConcernLabels[row.concern]}</td>
            <td className="py-1">{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
