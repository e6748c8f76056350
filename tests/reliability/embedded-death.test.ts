import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { getRunningServerPid } from '../../src/server/db/embedded-postgres.ts';
import {
  describeServerProcesses,
  killServer,
  startServer,
  type ServerProcess,
} from '../../src/server/testing/server-process.ts';

let server: ServerProcess | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-death-'));
chmodSync(dataDir, 0o755);
afterAll(async () => {
  if (server) await killServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describeServerProcesses('the embedded PostgreSQL dying under the app', () => {
  it('makes the app exit non-zero, saying why, so that a supervisor restarts it', async () => {
    server = await startServer(dataDir, {});
    const pid = getRunningServerPid(path.join(dataDir, 'postgres'));
    expect(pid).toBeDefined();
    process.kill(pid!, 'SIGKILL');
    expect(await server.exited).toBe(70);
    expect(server.output()).toContain('The embedded PostgreSQL stopped unexpectedly');
  });
});
