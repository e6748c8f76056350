/**
 * The scheduled backup's own process (started by run-backup-process.ts): it turns millions of rows
 * into a file, and the heap that grows for that is given back when it exits, not kept by the
 * process that answers learners (docs/benchmarks.md, bench:scale). It takes one request over IPC,
 * records the run in backup_runs as `npm run backup` does, and exits 1 when the backup failed.
 */
import { connectDatabase } from '../db/client.ts';
import type { BackupRequest } from './run-backup-process.ts';
import { runBackup } from './scheduled-backups.ts';

process.once('message', async (request: BackupRequest) => {
  const database = connectDatabase(request.databaseUrl);
  let exitCode = 0;
  try {
    await runBackup(database.db, request.backup, new Date(request.dueAt), request.encryptedColumns);
  } catch (error) {
    process.stderr.write(`${oneLine(error as Error)}\n`);
    exitCode = 1;
  } finally {
    await database.close();
  }
  // The IPC channel would keep the process waiting for another request.
  process.exit(exitCode);
});

/** The job shows the last line: a failed query's message spans lines, and its cause is apart. */
function oneLine({ message, cause }: Error): string {
  const reason = cause instanceof Error ? `${message}: ${cause.message}` : message;
  return reason.replaceAll('\n', ' ');
}
