import { useState } from 'react';
import type { Availability, AvailabilityResponse } from '../../../../shared/api/sessions.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSaveAvailability } from '../api/admin-sessions.ts';
import { panelClass } from '../../../components/ui/panel.tsx';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const field = 'rounded-lg border border-ink-600/40 px-3 py-2';

const numbers = [
  ['sessionMinutes', 'Session length (minutes)'],
  ['bufferMinutes', 'Buffer between sessions (minutes)'],
  ['noticeHours', 'Notice period (hours)'],
  ['horizonDays', 'Booking horizon (days)'],
  ['rescheduleCutoffHours', 'Reschedule cut-off (hours before)'],
] as const;

/** Weekly opening hours and one-off blocks on the creator's clock, and the booking rules. */
export function AvailabilityForm({ saved }: { saved: AvailabilityResponse }) {
  const { timeZone, missingForSale: _missing, ...initial } = saved;
  const [form, setForm] = useState<Availability>(initial);
  const save = useSaveAvailability();
  const set = (changes: Partial<Availability>) =>
    setForm((current) => ({ ...current, ...changes }));

  return (
    <form
      className={`space-y-6 ${panelClass}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(form);
      }}
    >
      <h2 className="font-display text-xl font-bold">Availability</h2>
      <p className="text-sm text-ink-700">
        Hours and blocks are in your time zone, <strong>{timeZone}</strong> (CREATOR_TIME_ZONE).
      </p>
      <fieldset className="space-y-2">
        <legend className="font-semibold">Weekly opening hours</legend>
        {form.weeklyHours.map((hours, index) => (
          <div key={index} className="flex flex-wrap items-center gap-2">
            <select
              aria-label={`Day of opening ${index + 1}`}
              value={hours.weekday}
              onChange={(event) =>
                set({
                  weeklyHours: form.weeklyHours.with(index, {
                    ...hours,
                    weekday: Number(event.target.value),
                  }),
                })
              }
              className={field}
            >
              {weekdays.map((day, dayIndex) => (
                <option key={day} value={dayIndex + 1}>
                  {day}
                </option>
              ))}
            </select>
            <input
              type="time"
              aria-label={`Opening ${index + 1} starts`}
              value={hours.start}
              onChange={(event) =>
                set({
                  weeklyHours: form.weeklyHours.with(index, {
                    ...hours,
                    start: event.target.value,
                  }),
                })
              }
              className={field}
            />
            <input
              type="time"
              aria-label={`Opening ${index + 1} ends`}
              value={hours.end}
              onChange={(event) =>
                set({
                  weeklyHours: form.weeklyHours.with(index, { ...hours, end: event.target.value }),
                })
              }
              className={field}
            />
            <Button
              variant="ghost"
              onClick={() =>
                set({ weeklyHours: form.weeklyHours.filter((_, other) => other !== index) })
              }
            >
              Remove opening {index + 1}
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          onClick={() =>
            set({
              weeklyHours: [...form.weeklyHours, { weekday: 1, start: '09:00', end: '12:00' }],
            })
          }
        >
          Add opening hours
        </Button>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="font-semibold">Blocked times (holidays, appointments)</legend>
        {form.blocks.map((block, index) => (
          <div key={index} className="flex flex-wrap items-center gap-2">
            <input
              type="datetime-local"
              aria-label={`Block ${index + 1} starts`}
              value={block.startsAt}
              onChange={(event) =>
                set({ blocks: form.blocks.with(index, { ...block, startsAt: event.target.value }) })
              }
              className={field}
            />
            <input
              type="datetime-local"
              aria-label={`Block ${index + 1} ends`}
              value={block.endsAt}
              onChange={(event) =>
                set({ blocks: form.blocks.with(index, { ...block, endsAt: event.target.value }) })
              }
              className={field}
            />
            <Button
              variant="ghost"
              onClick={() => set({ blocks: form.blocks.filter((_, other) => other !== index) })}
            >
              Remove block {index + 1}
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          onClick={() => set({ blocks: [...form.blocks, { startsAt: '', endsAt: '' }] })}
        >
          Add a block
        </Button>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {numbers.map(([key, label]) => (
          <label key={key} className="block">
            <span className="mb-1 block text-sm font-semibold">{label}</span>
            <input
              type="number"
              min={0}
              value={form[key]}
              onChange={(event) => set({ [key]: Number(event.target.value) })}
              className={`${field} w-full`}
            />
          </label>
        ))}
        <label className="block sm:col-span-2">
          <span className="mb-1 block text-sm font-semibold">Default meeting link</span>
          <input
            type="url"
            maxLength={500}
            placeholder="https://"
            value={form.defaultMeetingUrl}
            onChange={(event) => set({ defaultMeetingUrl: event.target.value })}
            className={`${field} w-full`}
          />
        </label>
      </div>
      {save.isError && (
        <ErrorAlert
          error={save.error}
          fallback="Could not save the opening hours. Please try again."
        />
      )}
      {save.isSuccess && <p role="status">Availability saved.</p>}
      <Button type="submit" disabled={save.isPending}>
        Save availability
      </Button>
    </form>
  );
}
