/**
 * The product's one way to write a date, on screen and in mail (issue 37): a day is 'Nov 24, 2026'
 * (spec 2 §2's US short format), with its weekday when a session falls on it; a time of day is
 * 24-hour, '15:04', and always comes with its zone named. A bare day is the UTC day, as the server
 * counts access and sends receipts; a moment is in the reader's zone unless one is given.
 */
const dayOptions = { month: 'short', day: 'numeric', year: 'numeric' } as const;
const clockOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Formatters are costly to build: one per shape and zone, kept. */
function formatter(shape: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${shape}|${options.timeZone ?? ''}`;
  let kept = formatters.get(key);
  if (!kept) {
    kept = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, kept);
  }
  return kept;
}

// A day and a month are written by hand: the first Intl.DateTimeFormat a page makes loads the
// locale's data, a long task on a phone (about 15 ms, 60 ms at Lighthouse's slowdown), and the
// dashboard needs no more than these. A property test holds them to Intl's output.
const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

function validDate(value: string | Date): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

/** 'Nov 24, 2026'. */
export function formatDate(value: string | Date): string {
  const date = validDate(value);
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'Nov 2026'. */
export function formatMonth(value: string | Date): string {
  const date = validDate(value);
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** 'Nov 24, 2026, 15:04 GMT+1': in `timeZone`, else the reader's own, named either way. */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  return formatter('moment', {
    ...dayOptions,
    ...clockOptions,
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(value));
}

/** 'Wednesday, Dec 2, 2026': the day on that zone's calendar. */
export function formatWeekdayDate(value: string | Date, timeZone: string): string {
  return formatter('weekday-day', { weekday: 'long', ...dayOptions, timeZone }).format(
    new Date(value),
  );
}

/** 'Wednesday'. */
export function formatWeekday(value: string | Date, timeZone: string): string {
  return formatter('weekday', { weekday: 'long', timeZone }).format(new Date(value));
}

/** 'Dec 2': a day in a list whose year is plain. */
export function formatMonthDay(value: string | Date, timeZone: string): string {
  return formatter('month-day', { month: 'short', day: 'numeric', timeZone }).format(
    new Date(value),
  );
}

/** '14:00' in that zone; the zone is named beside it by whoever shows it. */
export function formatClock(value: string | Date, timeZone: string): string {
  return formatter('clock', { ...clockOptions, timeZone }).format(new Date(value));
}

/** 'Wednesday, Dec 2, 2026, 14:00–15:00'. */
export function formatTimeSpan(
  startsAt: string | Date,
  endsAt: string | Date,
  timeZone: string,
): string {
  return `${formatWeekdayDate(startsAt, timeZone)}, ${formatClock(startsAt, timeZone)}–${formatClock(endsAt, timeZone)}`;
}

/** 'Wednesday, Dec 2, 2026, 14:00–15:00 (Europe/Paris)': a time that matters names its zone. */
export function formatTimeSpanInZone(
  startsAt: string | Date,
  endsAt: string | Date,
  timeZone: string,
): string {
  return `${formatTimeSpan(startsAt, endsAt, timeZone)} (${timeZone})`;
}
