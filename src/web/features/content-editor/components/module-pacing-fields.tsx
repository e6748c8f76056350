import { useId } from 'react';
import type { ModuleDocument } from '../../../../shared/api/content.ts';
import { PACING_MAX_DAYS } from '../../../../shared/rules/paced-release.ts';
import { TextField } from '../../../components/ui/text-field.tsx';

type Pacing = 'at-once' | 'days' | 'date';

const pacingOf = (module: ModuleDocument): Pacing =>
  module.opensAfterDays !== undefined ? 'days' : module.opensOn !== undefined ? 'date' : 'at-once';

/** Paced release: a module opens at once, N days after the learner's start, or on a date. */
export function ModulePacingFields({
  module,
  onChange,
}: {
  module: ModuleDocument;
  onChange: (module: ModuleDocument) => void;
}) {
  const selectId = useId();
  const pacing = pacingOf(module);
  const { opensAfterDays: _days, opensOn: _date, ...unpaced } = module;
  const choose = (next: Pacing) => {
    if (next === 'at-once') onChange(unpaced);
    if (next === 'days') onChange({ ...unpaced, opensAfterDays: 7 });
    if (next === 'date') onChange({ ...unpaced, opensOn: new Date().toISOString().slice(0, 10) });
  };
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div>
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-ink-800">
          Opens
        </label>
        <select
          id={selectId}
          value={pacing}
          onChange={(event) => choose(event.target.value as Pacing)}
          className="rounded-lg border border-ink-600/40 bg-white px-3 py-2.5"
        >
          <option value="at-once">At once</option>
          <option value="days">Some days after the learner's start</option>
          <option value="date">On a date</option>
        </select>
      </div>
      {pacing === 'days' && (
        <TextField
          label="Days after the learner's start"
          type="number"
          inputMode="numeric"
          min={1}
          max={PACING_MAX_DAYS}
          step={1}
          required
          value={module.opensAfterDays ?? ''}
          onChange={(event) => onChange({ ...unpaced, opensAfterDays: Number(event.target.value) })}
          className="max-w-40"
        />
      )}
      {pacing === 'date' && (
        <TextField
          label="Opening date"
          type="date"
          required
          value={module.opensOn ?? ''}
          onChange={(event) => onChange({ ...unpaced, opensOn: event.target.value })}
        />
      )}
    </div>
  );
}
