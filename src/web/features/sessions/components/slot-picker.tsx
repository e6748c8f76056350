import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Slot } from '../../../../shared/api/sessions.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  formatMonthDay,
  formatWeekday,
  formatWeekdayDate,
} from '../../../../shared/rules/dates.ts';
import { formatTime, localDate, viewerTimeZone, weekOf } from '../session-time.ts';

interface SlotPickerProps {
  slots: Slot[];
  selected: string | null;
  onSelect: (startsAt: string) => void;
}

const choice =
  'flex cursor-pointer flex-col items-center justify-center rounded-lg border border-ink-600/40 bg-white px-2 py-2 text-center has-[:checked]:border-flame-700 has-[:checked]:bg-flame-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-flame-700';

/**
 * A week of days, then a time on the chosen day right below them: two groups of native radio
 * buttons, so arrow keys move within a group and a screen reader names each group and choice.
 * A tap on a day brings its times into view (a phone shows little at once). Times are in the
 * viewer's own zone.
 */
export function SlotPicker({ slots, selected, onSelect }: SlotPickerProps) {
  const name = useId();
  const timeZone = viewerTimeZone();
  const weeks = useMemo(() => groupByWeek(slots, timeZone), [slots, timeZone]);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const day =
    chosenDay ?? (selected ? localDate(selected, timeZone) : (firstDayOf(weeks, 0) ?? null));
  const weekIndex = Math.max(
    0,
    weeks.findIndex((week) => day !== null && week.has(day)),
  );
  const week = weeks[weekIndex];
  const times = (day && week?.get(day)) || [];
  const timesRef = useRef<HTMLFieldSetElement>(null);

  // A day chosen brings its times into view: on a phone they may start below the screen.
  useEffect(() => {
    if (chosenDay) timesRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [chosenDay]);

  if (!week) {
    return <p className="text-ink-700">No times are free at the moment. Please look again soon.</p>;
  }
  const showWeek = (index: number) => setChosenDay(firstDayOf(weeks, index));
  const days = [...week.entries()];

  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-700">
        Times are shown in your time zone: <strong>{timeZone}</strong>.
      </p>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={weekIndex === 0}
          onClick={() => showWeek(weekIndex - 1)}
        >
          Previous week
        </Button>
        <p aria-live="polite" className="text-center text-sm font-semibold">
          {formatMonthDay(days[0]![1][0]!.startsAt, timeZone)} –{' '}
          {formatMonthDay(days.at(-1)![1][0]!.startsAt, timeZone)}
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={weekIndex === weeks.length - 1}
          onClick={() => showWeek(weekIndex + 1)}
        >
          Next week
        </Button>
      </div>
      <fieldset>
        <legend className="mb-2 font-semibold">Choose a day</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-7">
          {days.map(([date, daySlots]) => (
            <label key={date} className={choice}>
              <input
                type="radio"
                name={`${name}-day`}
                value={date}
                checked={day === date}
                onChange={() => setChosenDay(date)}
                className="sr-only"
              />
              <span className="text-sm">{formatWeekday(daySlots[0]!.startsAt, timeZone)}</span>{' '}
              <span className="font-semibold">
                {formatMonthDay(daySlots[0]!.startsAt, timeZone)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {times.length > 0 && (
        <fieldset ref={timesRef} className="scroll-mb-40">
          <legend className="mb-2 font-semibold">
            Choose a time on {formatWeekdayDate(times[0]!.startsAt, timeZone)}
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

type Week = Map<string, Slot[]>;

/** Slots by calendar day, days by week (Monday to Sunday), in the viewer's zone. */
function groupByWeek(slots: Slot[], timeZone: string): Week[] {
  const weeks = new Map<string, Week>();
  for (const slot of slots) {
    const date = localDate(slot.startsAt, timeZone);
    const week = weeks.get(weekOf(date)) ?? new Map<string, Slot[]>();
    week.set(date, [...(week.get(date) ?? []), slot]);
    weeks.set(weekOf(date), week);
  }
  return [...weeks.values()];
}

function firstDayOf(weeks: Week[], index: number): string | null {
  return weeks[index]?.keys().next().value ?? null;
}
