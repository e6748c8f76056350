import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { getRunningServerPid } from '../db/embedded-postgres.ts';
import {
  describeServerProcesses,
  killServer,
  startServer,
  type ServerProcess,
} from '../testing/server-process.ts';
import { TEST_PASSWORD } from '../testing/users.ts';

let server: ServerProcess | undefined;
let dataDir: string | undefined;
// Like a browser, it keeps connections open for more requests, longer than the server's timeout.
const browserLikeAgent = new http.Agent({ keepAlive: true, timeout: 10 * 60_000 });

afterEach(async () => {
  browserLikeAgent.destroy();
  if (server) await killServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  server = undefined;
  dataDir = undefined;
});

/** A POST whose body arrives in two parts: the request stays in flight until `finish()`. */
function startSlowPost(url: string, body: string) {
  const request = http.request(url, {
    agent: browserLikeAgent,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      request.on('error', reject);
      request.on('response', (incoming) => {
        let text = '';
        incoming.on('data', (chunk: Buffer) => (text += chunk.toString()));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body: text, headers: incoming.headers }),
        );
      });
    },
  );
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return { finish: () => request.end(body.slice(half)), response };
}

describeServerProcesses('the server process', () => {
  it('on SIGTERM finishes the request in flight, closes its connection, stops the database and exits 0', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sf-main-'));
    chmodSync(dataDir, 0o755);
    server = await startServer(dataDir);
    const postgresDir = path.join(dataDir, 'postgres');
    expect(getRunningServerPid(postgresDir)).toBeDefined();

    const signUp = startSlowPost(
      `${server.url}/api/auth/sign-up/email`,
      JSON.stringify({
        firstName: 'Late',
        lastName: 'Arrival',
        email: 'late@example.com',
        password: TEST_PASSWORD,
      }),
    );
    await server.waitForOutput('"url":"/api/auth/sign-up/email"');
    server.kill('SIGTERM');
    await server.waitForOutput('shutting down: finishing requests in flight');
    signUp.finish();

    const response = await signUp.response;
    expect(response.status, response.body).toBe(200);
    expect(JSON.parse(response.body).user.email).toBe('late@example.com');
    expect(response.headers.connection).toBe('close');
    expect(await server.exited).toBe(0);
    expect(getRunningServerPid(postgresDir)).toBeUndefined();
  });
});
