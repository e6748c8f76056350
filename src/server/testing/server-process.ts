import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe } from 'vitest';
import { findFreePort, stopOrphanedServer } from '../db/embedded-postgres.ts';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * For tests that start servers of their own (the app, PostgreSQL): they do not use the test
 * database, so they run with the embedded target only, not again for TEST_DATABASE_URL. Each start
 * takes seconds, many more on a busy machine, hence the long timeout.
 */
export function describeServerProcesses(name: string, tests: () => void): void {
  describe.skipIf(process.env.TEST_DATABASE_TARGET === 'url')(name, { timeout: 120_000 }, tests);
}

export interface ServerProcess {
  pid: number;
  url: string;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  waitForOutput: (text: string) => Promise<void>;
  kill: (signal: NodeJS.Signals) => void;
  /** The exit code, or the signal that ended the process. */
  exited: Promise<number | NodeJS.Signals>;
}

/**
 * `src/server/main.ts` as a process of its own, as `npm start` runs it but through tsx, with only
 * the given environment and the data folder as its working folder (so no `.env` is read).
 * One node process, not the tsx CLI that forks another: a signal sent to `pid` reaches the app.
 */
export function spawnServer(dataDir: string, environment: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN], {
    cwd: dataDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...environment },
  });
  let output = '';
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = once(child, 'exit').then(
    ([code, signal]) => (code ?? signal) as number | NodeJS.Signals,
  );

  const waitForOutput = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!output.includes(text)) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
      void exited.then(() => reject(new Error(`exited before writing "${text}":\n${output}`)));
    });

  return {
    pid: child.pid!,
    url: environment.APP_URL ?? '',
    dataDir,
    output: () => output,
    waitForOutput,
    kill: (signal) => child.kill(signal),
    exited,
  };
}

/** The server on a free port, once /api/health answers. */
export async function startServer(
  dataDir: string,
  environment: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await findFreePort();
  const server = spawnServer(dataDir, {
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    ...environment,
  });
  await Promise.race([
    waitUntilHealthy(server.url).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}; it wrote:\n${server.output()}`);
    }),
    server.exited.then((ending) => {
      throw new Error(`the server ended (${ending}) before it was ready:\n${server.output()}`);
    }),
  ]);
  return server;
}

async function waitUntilHealthy(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const isUp = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url}/api/health did not answer within a minute`);
}

/** After a test: the process gone, and no PostgreSQL left running in its data folder. */
export async function killServer(server: ServerProcess): Promise<void> {
  server.kill('SIGKILL');
  await server.exited;
  stopOrphanedServer(path.join(server.dataDir, 'postgres'), { info: () => {}, warn: () => {} });
}
