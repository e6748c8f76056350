import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  describeServerProcesses,
  killServer,
  startServer,
  type ServerProcess,
} from './testing/server-process.ts';

let server: ServerProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  if (server) await killServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  server = undefined;
  dataDir = undefined;
});

describeServerProcesses('the start log', () => {
  it('names APP_URL, the payment mode and the mail mode in short lines, and no other address', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sf-start-log-'));
    chmodSync(dataDir, 0o755);
    server = await startServer(dataDir, { LOG_FORMAT: 'pretty' });
    await server.waitForOutput('mail mode');
    const lines = server.output().split('\n');
    const line = (text: string) => lines.find((candidate) => candidate.includes(text));
    expect(line('Sovereign Flame is ready at')).toMatch(
      new RegExp(`^\\d\\d:\\d\\d:\\d\\d INFO  Sovereign Flame is ready at ${server.url} `),
    );
    expect(line('payment mode')).toMatch(/WARN {2}payment mode test: "Pay now" grants test access/);
    expect(line('mail mode')).toMatch(
      /WARN {2}mail mode console: nothing is sent; each mail is printed here/,
    );
    expect(server.output()).not.toMatch(/listening at http/i);
    expect(lines.filter((text) => text.startsWith('{'))).toEqual([]);
  });
});
