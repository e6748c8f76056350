import { useId, useMemo, useState } from 'react';
import type { Slot } from '../../../../shared/api/sessions.ts';
import { formatDay, formatTime, localDate, viewerTimeZone } from '../session-time.ts';

interface SlotPickerProps {
  slots: Slot[];
  selected: string | null;
  onSelect: (startsAt: string) => void;
}

const choice =
  'flex cursor-pointer items-center justify-center rounded-lg border border-ink-600/40 bg-white px-3 py-2 text-center has-[:checked]:border-flame-700 has-[:checked]:bg-flame-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-flame-700';

/**
 * A day, then a time on it: two groups of native radio buttons, so arrow keys move within a
 * group and a screen reader names each group and choice. Times are in the viewer's own zone.
 */
export function SlotPicker({ slots, selected, onSelect }: SlotPickerProps) {
  const name = useId();
  const timeZone = viewerTimeZone();
  const days = useMemo(() => groupByDay(slots, timeZone), [slots, timeZone]);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const day =
    chosenDay ?? (selected ? localDate(selected, timeZone) : (days.keys().next().value ?? null));
  const times = day ? (days.get(day) ?? []) : [];

  if (slots.length === 0) {
    return <p className="text-ink-700">No times are free at the moment. Please look again soon.</p>;
  }
  return (
    <div className="space-y-6">
      <p className="text-sm text-ink-700">
        Times are shown in your time zone: <strong>{timeZone}</strong>.
      </p>
      <fieldset>
        <legend className="mb-2 font-semibold">Choose a day</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {[...days.entries()].map(([date, daySlots]) => (
            <label key={date} className={choice}>
              <input
                type="radio"
                name={`${name}-day`}
                value={date}
                checked={day === date}
                onChange={() => setChosenDay(date)}
                className="sr-only"
              />
              {formatDay(daySlots[0]!.startsAt, timeZone)}
            </label>
          ))}
        </div>
      </fieldset>
      {day && (
        <fieldset>
          <legend className="mb-2 font-semibold">
            Choose a time on {formatDay(times[0]!.startsAt, timeZone)}
          </legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {times.map((slot) => (
              <label key={slot.startsAt} className={choice}>
                <input
                  type="radio"
                  name={`${name}-time`}
                  value={slot.startsAt}
                  checked={selected === slot.startsAt}
                  onChange={() => onSelect(slot.startsAt)}
                  className="sr-only"
                />
                {formatTime(slot.startsAt, timeZone)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}

function groupByDay(slots: Slot[], timeZone: string): Map<string, Slot[]> {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const date = localDate(slot.startsAt, timeZone);
    days.set(date, [...(days.get(date) ?? []), slot]);
  }
  return days;
}
