import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { backupRuns } from '../db/schema/backup.ts';
import type { BackupHeader } from './backup-file.ts';
import { runBackupProcess } from './run-backup-process.ts';
import { takeBackup } from './take-backup.ts';

export const BACKUP_QUEUE = 'backup';
/** A backup still running after this long is stopped and recorded failed; the queue's expiry is later. */
const BACKUP_TIME_LIMIT_SECONDS = 6 * 60 * 60;

const FILE_PATTERN = /^sovereign-flame-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.backup$/;

/** `sovereign-flame-2026-11-27T03-00-00Z.backup`: names sort in the order they were taken. */
export function backupFileName(now: Date): string {
  return `sovereign-flame-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.backup`;
}

type BackupConfig = Config['backup'];

/**
 * Takes a backup into `config.dir`, recorded in backup_runs (started, then succeeded or failed
 * with its error), and keeps the newest `config.keep` of the backups there.
 */
export async function runBackup(
  db: Database,
  config: BackupConfig,
  now: Date,
  encryptedColumns: readonly { table: string; column: string }[],
): Promise<BackupHeader> {
  const file = backupFileName(now);
  const [run] = await db
    .insert(backupRuns)
    .values({ startedAt: now, file })
    .returning({ id: backupRuns.id });
  try {
    await mkdir(config.dir, { recursive: true });
    const target = path.join(config.dir, file);
    const header = await takeBackup(db.$client, target, {
      encryptedColumns,
      passphrase: config.passphrase,
      now,
    });
    const { size } = await stat(target);
    await finishRun(db, run!.id, { status: 'succeeded', bytes: size });
    await removeOldBackups(config);
    return header;
  } catch (error) {
    await finishRun(db, run!.id, { status: 'failed', error: (error as Error).message });
    throw error;
  }
}

function finishRun(
  db: Database,
  id: number,
  result: { status: 'succeeded' | 'failed'; bytes?: number; error?: string },
) {
  return db
    .update(backupRuns)
    .set({ ...result, finishedAt: sql`now()` })
    .where(eq(backupRuns.id, id));
}

async function removeOldBackups({ dir, keep }: BackupConfig): Promise<void> {
  const files = (await readdir(dir)).filter((name) => FILE_PATTERN.test(name)).sort();
  for (const name of files.slice(0, Math.max(0, files.length - keep))) {
    await rm(path.join(dir, name), { force: true });
  }
}

/**
 * Every BACKUP_EVERY hours, on one process of however many: the clock queues a backup once the
 * last one started that long ago; the backup runs as a job of its own, which may take longer
 * than a tick, and the job takes it in a process of its own (backup-process.ts).
 */
export function scheduleBackups(
  app: FastifyInstance,
  encryptedColumns: readonly { table: string; column: string }[],
): void {
  const { backup } = app.config;
  const databaseUrl = app.db.$client.options.connectionString!;
  app.jobs.define<{ dueAt: string }>(
    BACKUP_QUEUE,
    { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: BACKUP_TIME_LIMIT_SECONDS + 60 },
    async ({ data }) => {
      const request = {
        databaseUrl,
        backup,
        dueAt: data.dueAt,
        encryptedColumns: encryptedColumns.map(({ table, column }) => ({ table, column })),
      };
      try {
        await runBackupProcess(request, { timeLimitMs: BACKUP_TIME_LIMIT_SECONDS * 1000 });
      } catch (error) {
        // A process stopped or killed (out of memory) could not say so itself.
        await failUnfinishedRun(app.db, backupFileName(new Date(data.dueAt)), error as Error);
        throw error;
      }
    },
  );
  const everyHours = backup.everyHours;
  if (everyHours === undefined) return;
  app.clock.onTick('scheduled backups', async (now) => {
    const [last] = await app.db
      .select({ startedAt: backupRuns.startedAt })
      .from(backupRuns)
      .orderBy(desc(backupRuns.startedAt))
      .limit(1);
    if (last && now.getTime() - last.startedAt.getTime() < everyHours * 60 * 60 * 1000) return;
    await app.jobs.send(BACKUP_QUEUE, { dueAt: now.toISOString() }, { key: 'scheduled' });
  });
}

function failUnfinishedRun(db: Database, file: string, error: Error) {
  return db
    .update(backupRuns)
    .set({ status: 'failed', error: error.message, finishedAt: sql`now()` })
    .where(and(eq(backupRuns.file, file), eq(backupRuns.status, 'running')));
}

export interface BackupStatus {
  lastSuccess: { at: Date; file: string | null; bytes: number | null } | null;
  lastFailure: { at: Date; error: string | null } | null;
}

/** The newest backup that succeeded, and the newest that failed. */
export async function readBackupStatus(db: Database): Promise<BackupStatus> {
  const newest = (status: 'succeeded' | 'failed') =>
    db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.status, status))
      .orderBy(desc(backupRuns.startedAt))
      .limit(1);
  const [[success], [failure]] = await Promise.all([newest('succeeded'), newest('failed')]);
  return {
    lastSuccess: success
      ? { at: success.startedAt, file: success.file, bytes: success.bytes }
      : null,
    lastFailure: failure ? { at: failure.startedAt, error: failure.error } : null,
  };
}
