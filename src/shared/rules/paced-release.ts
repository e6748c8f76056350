/**
 * Paced release (issue 36 item 3): a module opens at once, some days after the learner's start
 * (when their access to the course began), or on a date. Preview lessons stay open to all and
 * admins see everything; those exceptions are the callers'.
 */

export const PACING_MAX_DAYS = 730;
export const pacingMessages = {
  days: `the days after the learner's start must be a whole number from 1 to ${PACING_MAX_DAYS}`,
  date: 'expected the opening date as YYYY-MM-DD',
  both: 'a module opens some days after the start or on a date, not both',
  locked: (title: string, opensAt: string) => `${title} opens on ${opensAt}.`,
} as const;

export interface ModulePacing {
  /** Opens this many days after the learner's start. */
  opensAfterDays?: number;
  /** Opens at the start of this day (YYYY-MM-DD) in the creator's time zone. */
  opensOn?: string;
}

const DAY_MS = 86_400_000;

/** The start of a YYYY-MM-DD day in UTC; the server passes the creator's zone instead. */
export function utcDayStart(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/**
 * When a module opens for a learner who started at `start`: null when it opens at once. An
 * admin's early opening for this learner (`openedEarlyAt`) wins when it is sooner.
 */
export function moduleOpensAt(
  pacing: ModulePacing,
  start: Date,
  options: { dayStart?: (date: string) => Date; openedEarlyAt?: Date | null } = {},
): Date | null {
  const dayStart = options.dayStart ?? utcDayStart;
  let opensAt: Date | null = null;
  if (pacing.opensAfterDays !== undefined && pacing.opensAfterDays > 0) {
    opensAt = new Date(start.getTime() + pacing.opensAfterDays * DAY_MS);
  } else if (pacing.opensOn !== undefined) {
    opensAt = dayStart(pacing.opensOn);
  }
  if (opensAt && options.openedEarlyAt && options.openedEarlyAt < opensAt) {
    return options.openedEarlyAt;
  }
  return opensAt;
}

/** Whether the module is open at `now` (null: open at once). */
export function isModuleOpen(opensAt: Date | null, now: Date): boolean {
  return opensAt === null || opensAt.getTime() <= now.getTime();
}

/** The module is locked at `now`: its opening time, else null. */
export function lockedUntil(opensAt: Date | null, now: Date): Date | null {
  return isModuleOpen(opensAt, now) ? null : opensAt;
}
