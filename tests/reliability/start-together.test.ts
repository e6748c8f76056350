import { afterAll, describe, expect, it } from 'vitest';
import { readJournal } from '../../src/server/db/client.ts';
import { createInstallation, type Installation } from './servers.ts';

let installation: Installation;
afterAll(async () => {
  await installation.close();
});

describe('two processes starting together on an empty database', () => {
  it('both come up: one applies the migrations under the lock, the other finds them done', async () => {
    installation = await createInstallation({ LOG_LEVEL: 'info' }, { isEmpty: true });
    const servers = await Promise.all([installation.start(), installation.start()]);
    for (const server of servers) {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    }
    const { entries } = readJournal();
    const version = entries.at(-1)!.tag;
    const logs = servers.map((server) => server.output());
    expect(
      logs.filter((log) =>
        log.includes(
          `database schema at ${version}: applied ${entries.length} migrations (${entries[0]!.tag}, `,
        ),
      ),
    ).toHaveLength(1);
    expect(
      logs.filter((log) => log.includes(`database schema at ${version}: up to date`)),
    ).toHaveLength(1);
    const rows = await installation.query<{ count: string }>(
      'select count(*)::text as count from drizzle.__drizzle_migrations',
    );
    expect(Number(rows[0]!.count)).toBe(entries.length);
  });
});
