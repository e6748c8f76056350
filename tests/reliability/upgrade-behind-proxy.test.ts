import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, migrateDatabase, readJournal } from '../../src/server/db/client.ts';
import { findFreePort } from '../../src/server/db/embedded-postgres.ts';
import { createInstallation, nextAddress, type Installation } from './servers.ts';
import { TEST_PASSWORD } from '../../src/server/testing/users.ts';

let installation: Installation;
let proxy: Server | undefined;
afterAll(async () => {
  proxy?.close();
  await installation.close();
});

/**
 * A load balancer as an operator puts one in front: each request to the next process in turn.
 * Its address is the processes' APP_URL, as one public address is behind a real one.
 */
function startRoundRobinProxy(targets: string[]): Promise<{ url: string; answeredBy: string[] }> {
  const answeredBy: string[] = [];
  let next = 0;
  proxy = createServer((incoming, outgoing) => {
    const target = new URL(targets[next++ % targets.length]!);
    answeredBy.push(target.origin);
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, 'x-forwarded-for': nextAddress() },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    // A process not listening yet answers as a balancer would: 502, and the caller tries again.
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) =>
    proxy!.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(proxy!.address() as AddressInfo).port}`, answeredBy }),
    ),
  );
}

async function untilHealthy(origin: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const answer = await fetch(`${origin}/api/health`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${origin} never became healthy`);
}

describe('an upgrade: two processes of the new version start together behind a proxy', () => {
  it('on a database three migrations behind, one upgrades it under the lock and both then serve one session', async () => {
    installation = await createInstallation({ LOG_LEVEL: 'info' }, { isEmpty: true });
    const { entries } = readJournal();
    const older = connectDatabase(installation.databaseUrl);
    await migrateDatabase(older.db, { through: entries.at(-4)!.tag });
    await older.close();

    const ports = [await findFreePort(), await findFreePort()];
    const { url, answeredBy } = await startRoundRobinProxy(
      ports.map((port) => `http://127.0.0.1:${port}`),
    );
    const servers = await Promise.all(
      ports.map((port) => installation.start({ PORT: String(port), APP_URL: url })),
    );
    // Their start waited on the proxy, which any one of them answers: each is asked itself.
    await Promise.all(ports.map((port) => untilHealthy(`http://127.0.0.1:${port}`)));
    answeredBy.length = 0;
    const version = entries.at(-1)!.tag;
    const upgraded = entries.slice(-3).map((entry) => entry.tag);
    const logs = servers.map((server) => server.output());
    expect(
      logs.filter((log) =>
        log.includes(
          `database schema at ${version}: applied 3 migrations (${upgraded.join(', ')})`,
        ),
      ),
    ).toHaveLength(1);
    expect(
      logs.filter((log) => log.includes(`database schema at ${version}: up to date`)),
    ).toHaveLength(1);

    const email = `upgraded-${Date.now()}@example.com`;
    const asBrowser = { 'content-type': 'application/json', origin: url };
    const signedUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: asBrowser,
      body: JSON.stringify({ firstName: 'Up', lastName: 'Graded', email, password: TEST_PASSWORD }),
    });
    expect(signedUp.status).toBe(200);
    await installation.query('update users set email_verified = true where email = $1', [email]);
    const signedIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: asBrowser,
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    for (let turn = 0; turn < 4; turn++) {
      const session = await fetch(`${url}/api/session`, { headers: { cookie } });
      expect(await session.json()).toMatchObject({ user: { email } });
    }
    expect(new Set(answeredBy).size).toBe(2);
  });
});
