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
