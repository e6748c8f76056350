/** What a learner may do with a booked one-to-one session, and how its day is named (spec 2 §2). */

/** Join opens this long before the start. */
export const JOIN_OPENS_MINUTES_BEFORE = 10;

/** A slot chosen before paying is held this long: the lifetime of its checkout (Stripe's shortest). */
export const HOLD_MINUTES = 30;

/** The reminder goes this long before a session: "the day before". */
export const REMINDER_HOURS_BEFORE = 24;

/** A session moves at most this often a day: each move mails the learner and the creator. */
export const RESCHEDULES_PER_DAY = 5;
/** The creator's copy of a reschedule goes at most this often; the moves between wait for it. */
export const CREATOR_COPY_EVERY_MINUTES = 5;
/** The booking page lists at most this many slots, the soonest first. */
export const MAX_LISTED_SLOTS = 300;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const sessionStatuses = ['pending', 'booked', 'completed', 'cancelled', 'released'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

interface Timed {
  startsAt: Date;
  endsAt: Date;
}

/** From 10 minutes before the start until the end. */
export function isJoinOpen(session: Timed, now: Date): boolean {
  const opensAt = session.startsAt.getTime() - JOIN_OPENS_MINUTES_BEFORE * MINUTE_MS;
  return now.getTime() >= opensAt && now.getTime() < session.endsAt.getTime();
}

/**
 * A session booked or moved to within a day of its start gets no separate reminder: its
 * confirmation is the reminder.
 */
export function isInsideReminderWindow(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() <= REMINDER_HOURS_BEFORE * HOUR_MS;
}

/** A booked session can move until `cutoffHours` before it starts. */
export function canReschedule(session: Timed, now: Date, cutoffHours: number): boolean {
  return now.getTime() < session.startsAt.getTime() - cutoffHours * HOUR_MS;
}

/**
 * The learner cancels, refunded in full, until the reschedule cut-off; a session still without a
 * meeting link can be cancelled until it ends, since it cannot be joined.
 */
export function canCancel(
  session: Timed,
  now: Date,
  cutoffHours: number,
  hasMeetingLink: boolean,
): boolean {
  if (!hasMeetingLink) return now.getTime() < session.endsAt.getTime();
  return canReschedule(session, now, cutoffHours);
}

/** An IANA time zone this runtime knows, such as Europe/London. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** 'Today', 'Tomorrow' or 'In N days', counted in calendar days of the viewer's time zone. */
export function dayLabel(startsAt: Date, now: Date, timeZone: string): string {
  const days = Math.round((calendarDay(startsAt, timeZone) - calendarDay(now, timeZone)) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return `In ${days} days`;
}

/** Midnight UTC of the date the instant falls on in the zone: days can then be subtracted. */
function calendarDay(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'));
}
