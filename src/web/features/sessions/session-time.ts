/** Session times as the viewer reads them: in their own time zone, which is named. */
import { formatClock, formatTimeSpan } from '../../../shared/rules/dates.ts';

export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** 'Wednesday, Dec 2, 2026, 13:00–14:00', in the viewer's zone (shared/rules/dates.ts). */
export function formatSpan(startsAt: string, endsAt: string, timeZone = viewerTimeZone()): string {
  return formatTimeSpan(startsAt, endsAt, timeZone);
}

/** '13:00' in the viewer's zone. */
export function formatTime(iso: string, timeZone = viewerTimeZone()): string {
  return formatClock(iso, timeZone);
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

/** The Monday of a calendar date's week, both 'YYYY-MM-DD'. */
export function weekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}
