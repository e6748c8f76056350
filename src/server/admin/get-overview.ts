import type { FastifyInstance } from 'fastify';
import type { Overview } from '../../shared/api/admin.ts';
import { readBackupStatus } from '../backup/scheduled-backups.ts';
import { getGoLiveChecklist } from './get-go-live-checklist.ts';
import { countNewInboxItems } from './get-inbox.ts';
import { readOverviewTotals, readOverviewWeeks } from './overview-totals.ts';

export const OVERVIEW_WEEKS = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The programme at a glance: totals, and sign-ups, purchases and revenue per week. */
export async function getOverview(app: FastifyInstance, now = new Date()): Promise<Overview> {
  const weekStarts = lastWeekStarts(now, OVERVIEW_WEEKS);
  const [totals, weeks, goLive, backups, newInboxItems] = await Promise.all([
    readOverviewTotals(app.db),
    readOverviewWeeks(app.db, weekStarts[0]!),
    getGoLiveChecklist(app),
    readBackupStatus(app.db),
    countNewInboxItems(app),
  ]);
  return {
    goLive,
    backups: {
      everyHours: app.config.backup.everyHours ?? null,
      keep: app.config.backup.keep,
      lastSuccess: backups.lastSuccess && {
        at: backups.lastSuccess.at.toISOString(),
        bytes: backups.lastSuccess.bytes,
      },
      lastFailure: backups.lastFailure && {
        at: backups.lastFailure.at.toISOString(),
        error: backups.lastFailure.error ?? 'unknown error',
      },
    },
    counts: {
      users: totals.signUps,
      purchases: totals.purchases,
      revenueCents: totals.revenueCents,
      assessments: totals.assessments,
      unansweredAssessments: totals.unansweredAssessments,
      newInboxItems,
      subscribers: totals.subscribers,
    },
    weeks: weekStarts.map(
      (weekStart) =>
        weeks.find((week) => week.weekStart === weekStart) ?? {
          weekStart,
          signUps: 0,
          purchases: 0,
          revenueCents: 0,
        },
    ),
  };
}

/** The Mondays (UTC) of the last `count` weeks, this one last, as YYYY-MM-DD. */
export function lastWeekStarts(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: count }, (_, index) =>
    new Date(monday - (count - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}
