import { execFileSync, spawn } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  describeServerProcesses,
  killServer,
  spawnServer,
  startServer,
  type ServerProcess,
} from '../testing/server-process.ts';
import { TEST_PASSWORD } from '../testing/users.ts';
import {
  DataDirInUseError,
  getRunningServerPid,
  type EmbeddedDatabase,
  startEmbeddedPostgres,
  stopOrphanedServer,
} from './embedded-postgres.ts';
import { findClosedFolder } from './postgres-binaries.ts';

const quiet = { info: () => {}, warn: () => {} };
const dataDirs: string[] = [];
let databases: EmbeddedDatabase[] = [];
let servers: ServerProcess[] = [];

function createDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-embedded-'));
  // The app runs as root here; PostgreSQL then runs as `postgres`, which must reach the folder.
  chmodSync(dataDir, 0o755);
  dataDirs.push(dataDir);
  return dataDir;
}

/**
 * A data folder as the app leaves it after its first start and a clean stop (a cluster made and
 * migrated): made once, then copied, since an initdb and the migrations cost seconds each.
 */
async function installOnce(): Promise<string> {
  const dataDir = createDataDir();
  const first = await startServer(dataDir);
  first.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  return dataDir;
}

let installed: string;

function createInstalledDataDir(): string {
  const dataDir = createDataDir();
  // -a keeps the owner and modes PostgreSQL insists on (0700, owned by `postgres` under root).
  execFileSync('cp', ['-a', `${installed}/.`, dataDir]);
  return dataDir;
}

const runningPostgres = (dataDir: string) => getRunningServerPid(path.join(dataDir, 'postgres'));

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** PostgreSQL started by this test process, stopped after each test even when it fails. */
async function startDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const database = await startEmbeddedPostgres(dataDir, quiet);
  databases.push(database);
  return database;
}

/** The app as a process of its own, killed after each test. */
async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServer(dataDir);
  servers.push(server);
  return server;
}

// Node's fetch sends Sec-Fetch headers, so Better Auth wants the origin a browser would send.
const signUp = (server: ServerProcess, email: string) =>
  fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      firstName: 'Kept',
      lastName: 'Learner',
      email,
      password: TEST_PASSWORD,
    }),
  });

const signIn = (server: ServerProcess, email: string) =>
  fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });

afterEach(async () => {
  // Newest first: a database stopped during the test releases nothing a later one holds.
  for (const database of databases.reverse()) await database.stop();
  for (const server of servers) await killServer(server);
  databases = [];
  servers = [];
});

afterAll(() => {
  const leftRunning = dataDirs.filter((dataDir) => runningPostgres(dataDir) !== undefined);
  for (const dataDir of dataDirs) {
    stopOrphanedServer(path.join(dataDir, 'postgres'), quiet);
    rmSync(dataDir, { recursive: true, force: true });
  }
  expect(leftRunning, 'PostgreSQL left running').toEqual([]);
});

describeServerProcesses('the embedded PostgreSQL', () => {
  beforeAll(async () => {
    installed = await installOnce();
  });

  it('keeps its data across a stop and a restart, listening on 127.0.0.1 only', async () => {
    const dataDir = createDataDir();
    const first = await startDatabase(dataDir);
    expect(new URL(first.url).hostname).toBe('127.0.0.1');
    expect(await query(first.url, 'show listen_addresses')).toEqual([
      { listen_addresses: '127.0.0.1' },
    ]);
    await query(first.url, "create table notes (text text); insert into notes values ('kept')");
    await first.stop();
    expect(runningPostgres(dataDir)).toBeUndefined();
    await expect(query(first.url, 'select 1')).rejects.toThrow();

    const second = await startDatabase(dataDir);
    expect(await query(second.url, 'select text from notes')).toEqual([{ text: 'kept' }]);
  });

  it("fails with PostgreSQL's own reason when it cannot start, and frees the folder", async () => {
    const dataDir = createInstalledDataDir();
    appendFileSync(path.join(dataDir, 'postgres', 'postgresql.conf'), 'shared_buffers = lots\n');

    await expect(startEmbeddedPostgres(dataDir, quiet)).rejects.toThrow(
      /did not start:[\s\S]*shared_buffers/,
    );
    expect(existsSync(path.join(dataDir, 'app.pid'))).toBe(false);
  });

  it('never signals another program that took the id of a stale postmaster.pid', async () => {
    const dataDir = createInstalledDataDir();
    const unrelated = spawn('sleep', ['60']);
    try {
      writeFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), `${unrelated.pid}\n`);
      // PostgreSQL itself may start or refuse, depending on whether it may signal that program.
      await startDatabase(dataDir).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unrelated.exitCode).toBeNull();
      expect(unrelated.signalCode).toBeNull();
    } finally {
      unrelated.kill();
    }
  });

  it('refuses a second app on the same data folder with a clear message', async () => {
    const dataDir = createInstalledDataDir();
    const first = await start(dataDir);

    await expect(startEmbeddedPostgres(dataDir, quiet)).rejects.toThrow(DataDirInUseError);
    const second = spawnServer(dataDir, { PORT: '0' });
    servers.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another instance of the app (process ${first.pid}) is already using the data folder ${dataDir}.`,
    );

    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(runningPostgres(dataDir)).toBeUndefined();
  });

  it('restarts cleanly after the app was killed, with nothing acknowledged lost', async () => {
    const dataDir = createInstalledDataDir();
    const killed = await start(dataDir);
    const email = 'survivor@example.com';
    expect((await signUp(killed, email)).status).toBe(200);

    killed.kill('SIGKILL');
    expect(await killed.exited).toBe('SIGKILL');
    const orphan = runningPostgres(dataDir);
    expect(orphan, 'PostgreSQL outlives a killed app').toBeDefined();

    const restarted = await start(dataDir);
    expect(restarted.output()).toContain(
      `Stopping the embedded PostgreSQL (process ${orphan}) left running by a previous app`,
    );
    expect(runningPostgres(dataDir)).not.toBe(orphan);
    expect((await signIn(restarted, email)).status).toBe(200);

    restarted.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(runningPostgres(dataDir)).toBeUndefined();
  });
});

describeServerProcesses('started as root from a private folder', () => {
  it.skipIf(process.getuid?.() !== 0)(
    'stops with one paragraph saying what to do when the data folder is out of reach',
    async () => {
      const privateHome = createDataDir();
      mkdirSync(path.join(privateHome, 'data'));
      chmodSync(privateHome, 0o700);
      const server = spawnServer(path.join(privateHome, 'data'), {
        PORT: '0',
        AUTH_SECRET: 'a-secret-of-at-least-thirty-two-characters',
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `cannot enter ${privateHome} (a private folder, as home folders such as /root are)`,
      );
      expect(server.output()).toContain('Set DATA_DIR to a folder other users can enter');
      expect(server.output()).not.toMatch(/\n\s+at /);
    },
  );

  it('finds the closed folder on the way, and none on an open path', () => {
    const open = createDataDir();
    const closed = path.join(open, 'home');
    mkdirSync(path.join(closed, 'app'), { recursive: true });
    chmodSync(closed, 0o700);
    expect(findClosedFolder(path.join(closed, 'app'))).toBe(closed);
    expect(findClosedFolder(open)).toBeUndefined();
  });
});
