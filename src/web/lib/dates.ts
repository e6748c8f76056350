/** Dates in US short format (spec 2 §2), e.g. 'Mar 5, 2026'. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** A moment with its time, in the viewer's own zone, e.g. 'Mar 5, 2026, 2:30 PM'. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
