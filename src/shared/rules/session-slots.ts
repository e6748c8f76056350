/**
 * When a one-to-one session can be booked (issue 22). Opening hours are written in the creator's
 * time zone; every instant in and out is UTC. Wall-clock times become instants through Temporal,
 * so a day that changes to or from summer time has the hours the creator wrote, not an hour off.
 */
import { Temporal } from 'temporal-polyfill';

/** ISO weekday: 1 Monday … 7 Sunday. Times are 'HH:MM' on the creator's clock; '24:00' ends a day. */
export interface OpeningHours {
  weekday: number;
  start: string;
  end: string;
}

export interface TimeRange {
  startsAt: Date;
  endsAt: Date;
}

export interface SlotRules {
  timeZone: string;
  weeklyHours: readonly OpeningHours[];
  /** One-off blocks (a holiday, an appointment), as instants. */
  blocks: readonly TimeRange[];
  sessionMinutes: number;
  /** Kept free before and after every booked session. */
  bufferMinutes: number;
  /** No booking starts sooner than this after now. */
  noticeHours: number;
  /** No booking starts later than this after now. */
  horizonDays: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Every bookable slot: each opening stretch is cut into sessions (a session, then the buffer,
 * then the next), from the stretch's start; slots inside the notice period, past the horizon,
 * overlapping a block, or closer than the buffer to a booked session are left out. In time order,
 * the first `limit` only.
 */
export function computeSlots(
  rules: SlotRules,
  booked: readonly TimeRange[],
  now: Date,
  limit = Infinity,
): TimeRange[] {
  const earliest = now.getTime() + rules.noticeHours * HOUR_MS;
  const latest = now.getTime() + rules.horizonDays * DAY_MS;
  const lengthMs = rules.sessionMinutes * MINUTE_MS;
  const stepMs = lengthMs + rules.bufferMinutes * MINUTE_MS;
  const bufferMs = rules.bufferMinutes * MINUTE_MS;
  const slots: TimeRange[] = [];
  for (const stretch of openingStretches(rules, now, latest)) {
    for (
      let start = stretch.startsAt.getTime();
      start + lengthMs <= stretch.endsAt.getTime();
      start += stepMs
    ) {
      if (start < earliest || start > latest || !readsOpen(start, rules)) continue;
      const slot = { startsAt: new Date(start), endsAt: new Date(start + lengthMs) };
      const isBlocked = rules.blocks.some((block) => overlaps(slot, block, 0));
      const isTaken = booked.some((session) => overlaps(slot, session, bufferMs));
      if (!isBlocked && !isTaken) slots.push(slot);
      if (slots.length >= limit) return slots;
    }
  }
  return slots;
}

/** Whether a slot a learner asks for is one of the bookable ones (exact start and end). */
export function isBookableSlot(
  rules: SlotRules,
  booked: readonly TimeRange[],
  now: Date,
  startsAt: Date,
): TimeRange | null {
  return (
    computeSlots(rules, booked, now).find(
      (slot) => slot.startsAt.getTime() === startsAt.getTime(),
    ) ?? null
  );
}

/**
 * Whether a start reads, on the creator's clock, inside the opening hours of its day. A stretch is
 * real time: on the night the clocks go back, 01:30–02:00 lasts 90 minutes, and its middle
 * half hour reads 01:00–01:30 on the wall clock (found by the randomised test, seed 1207997044).
 */
function readsOpen(startMs: number, rules: SlotRules): boolean {
  const zoned = instantToZoned(new Date(startMs), rules.timeZone);
  const clock = zoned.toPlainTime().toString({ smallestUnit: 'minute' });
  return rules.weeklyHours.some(
    (hours) => hours.weekday === zoned.dayOfWeek && clock >= hours.start && clock < hours.end,
  );
}

/** Two ranges overlap, counting `marginMs` around the second as taken. */
function overlaps(a: TimeRange, b: TimeRange, marginMs: number): boolean {
  return (
    a.startsAt.getTime() < b.endsAt.getTime() + marginMs &&
    b.startsAt.getTime() - marginMs < a.endsAt.getTime()
  );
}

/** Christmas Day and New Year's Day ('MM-DD' on the creator's clock): never opened by the weekly hours. */
export const closedHolidays = ['12-25', '01-01'] as const;

export function isClosedHoliday(day: Temporal.PlainDate): boolean {
  return (closedHolidays as readonly string[]).includes(day.toString().slice(5));
}

/**
 * The opening hours of each creator's day from yesterday (zones ahead of UTC) to the horizon,
 * holidays left out.
 */
function openingStretches(rules: SlotRules, now: Date, latestMs: number): TimeRange[] {
  const today = instantToZoned(now, rules.timeZone).toPlainDate();
  const stretches: TimeRange[] = [];
  for (let offset = -1; offset <= rules.horizonDays + 1; offset++) {
    const day = today.add({ days: offset });
    if (isClosedHoliday(day)) continue;
    for (const hours of rules.weeklyHours) {
      if (hours.weekday !== day.dayOfWeek) continue;
      const startsAt = wallClockToInstant(day, hours.start, rules.timeZone);
      const endsAt = wallClockToInstant(day, hours.end, rules.timeZone);
      if (startsAt.getTime() <= latestMs && endsAt > startsAt) stretches.push({ startsAt, endsAt });
    }
  }
  return mergeOverlapping(stretches);
}

/** Opening hours written twice over (09:00–12:00 and 11:00–13:00) are one stretch. */
function mergeOverlapping(ranges: TimeRange[]): TimeRange[] {
  const sorted = [...ranges].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const merged: TimeRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.startsAt <= last.endsAt) {
      if (range.endsAt > last.endsAt) last.endsAt = range.endsAt;
    } else {
      merged.push({ ...range });
    }
  }
  return merged;
}

function instantToZoned(instant: Date, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
}

/**
 * A time on a creator's day as an instant. A time the clocks skip (spring forward) moves to the
 * first moment after the gap; a time that happens twice (fall back) is its first occurrence.
 */
function wallClockToInstant(day: Temporal.PlainDate, time: string, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const date = hour === 24 ? day.add({ days: 1 }) : day;
  const zoned = date
    .toPlainDateTime({ hour: hour % 24, minute })
    .toZonedDateTime(timeZone, { disambiguation: 'compatible' });
  return new Date(zoned.epochMilliseconds);
}

/** 'YYYY-MM-DDTHH:MM' on the creator's clock as an instant (the admin's block fields). */
export function localDateTimeToInstant(local: string, timeZone: string): Date {
  const plain = Temporal.PlainDateTime.from(local);
  return new Date(
    plain.toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds,
  );
}

/** An instant as 'YYYY-MM-DDTHH:MM' on the creator's clock. */
export function instantToLocalDateTime(instant: Date, timeZone: string): string {
  return instantToZoned(instant, timeZone).toPlainDateTime().toString({ smallestUnit: 'minute' });
}

/** 'HH:MM' from 00:00 to 24:00. */
export const wallClockPattern = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
