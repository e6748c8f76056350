/** Session times as the viewer reads them: in their own time zone, which is named. */

export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** 'Monday, 7 December' */
export function formatDay(iso: string, timeZone = viewerTimeZone()): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(iso));
}

/** '13:00' */
export function formatTime(iso: string, timeZone = viewerTimeZone()): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, timeStyle: 'short' }).format(new Date(iso));
}

/** 'Monday, 7 December, 13:00–14:00' */
export function formatSpan(startsAt: string, endsAt: string, timeZone = viewerTimeZone()): string {
  return `${formatDay(startsAt, timeZone)}, ${formatTime(startsAt, timeZone)}–${formatTime(endsAt, timeZone)}`;
}

/** The calendar date in the viewer's zone, 'YYYY-MM-DD': slots are grouped by it. */
export function localDate(iso: string, timeZone = viewerTimeZone()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/** 'Wednesday' */
export function formatWeekday(iso: string, timeZone = viewerTimeZone()): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long' }).format(new Date(iso));
}

/** '2 December' */
export function formatDayMonth(iso: string, timeZone = viewerTimeZone()): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'long' }).format(
    new Date(iso),
  );
}

/** The Monday of a calendar date's week, both 'YYYY-MM-DD'. */
export function weekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}
