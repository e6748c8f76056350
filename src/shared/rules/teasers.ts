/** A "coming soon" teaser on the landing page (content/teasers.json). */
export interface Teaser {
  kind: string;
  title: string;
  text: string;
  /** Shown as written, e.g. 'Coming summer 2025'. */
  when: string;
  /** The day (YYYY-MM-DD, UTC) from which the promise is past and the teaser is no longer shown. */
  until: string;
}

/** The teasers whose promise still lies ahead: a date in the past reads as neglect. */
export function currentTeasers<T extends Pick<Teaser, 'until'>>(
  teasers: readonly T[],
  now: Date,
): T[] {
  return teasers.filter((teaser) => now.getTime() < Date.parse(`${teaser.until}T00:00:00Z`));
}
