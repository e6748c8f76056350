/**
 * The product's one way to write a date, on screen and in mail: 'Nov 24, 2026' (spec 2 §2's US
 * short format). Days are UTC days, as the server counts access and sends receipts; a time of
 * day is the reader's own, with its zone named.
 */
const day = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const dayAndTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'Nov 24, 2026'. */
export function formatDate(value: string | Date): string {
  return day.format(new Date(value));
}

/** 'Nov 24, 2026, 3:04 PM UTC' (in the zone of whoever reads it). */
export function formatDateTime(value: string | Date): string {
  return dayAndTime.format(new Date(value));
}
