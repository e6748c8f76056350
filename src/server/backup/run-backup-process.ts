import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';

export interface BackupRequest {
  databaseUrl: string;
  backup: Config['backup'];
  dueAt: string;
  encryptedColumns: readonly { table: string; column: string }[];
}

/** Built, the app runs its .js files (no TypeScript loader in production); from source, .ts ones. */
const fromSource = import.meta.url.endsWith('.ts');
const BACKUP_ENTRY = fileURLToPath(
  new URL(fromSource ? './backup-process.ts' : './backup-process.js', import.meta.url),
);
/** Kept of what the process writes to stderr: its reason to fail is the last of it. */
const STDERR_CHARS = 2_000;
/** After SIGTERM, this long to close its connection before it is killed. */
const KILL_GRACE_MS = 10_000;

/**
 * Runs `entry` (the backup process by default) in a process of its own, hands it `request` over
 * IPC, and settles when it exits: answers its pid when it exits 0, rejects with what it wrote to
 * stderr otherwise, or when it runs longer than `timeLimitMs` (it is then stopped). Nothing of the
 * parent's own flags goes to it (such as a bench's statement recorder), and the request travels
 * over the IPC channel so the passphrase is in no argument or environment.
 */
export function runBackupProcess(
  request: BackupRequest,
  { timeLimitMs, entry = BACKUP_ENTRY }: { timeLimitMs: number; entry?: string },
): Promise<number> {
  const child = fork(entry, [], {
    execArgv: entry.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_CHARS);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS).unref();
  }, timeLimitMs);
  child.send(request);
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0 && !timedOut) return resolve(child.pid!);
      const reason = stderr.trim().split('\n').at(-1);
      const ended = timedOut
        ? `was stopped after ${timeLimitMs / 1000} s`
        : signal
          ? `ended by ${signal}`
          : `ended with exit code ${code}`;
      reject(new Error(`The backup process ${ended}${reason ? `: ${reason}` : ''}`));
    });
  });
}
