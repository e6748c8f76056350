import { bigint, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const backupStatuses = ['running', 'succeeded', 'failed'] as const;

/** Each backup taken (scheduled, or npm run backup): the admin overview shows the last ones. */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status', { enum: backupStatuses }).notNull().default('running'),
    /** The file's name in BACKUP_DIR (never its contents). */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
  },
  (table) => [index('backup_runs_started_at_idx').on(table.startedAt)],
);
