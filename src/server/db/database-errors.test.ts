import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../testing/database.global-setup.ts';
import { describeDatabaseError } from './database-errors.ts';
import { findFreePort } from './embedded-postgres.ts';

async function failureOf(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    return describeDatabaseError(new Error('Failed query: select 1', { cause: error }), {
      variable: 'DATABASE_URL',
      url,
    });
  } finally {
    await client.end().catch(() => {});
  }
  throw new Error('connected');
}

describe.skipIf(process.env.TEST_DATABASE_TARGET === 'url')(
  'a database that cannot be used',
  () => {
    const serverUrl = inject('databaseServerUrl');

    it('names a wrong password, and the variable to fix', async () => {
      const url = new URL(serverUrl);
      url.password = 'not-the-password';
      const message = await failureOf(url.toString());
      expect(message).toMatch(/password authentication failed for user "app"/);
      expect(message).toContain('the password (or user) is wrong: check them in DATABASE_URL');
      expect(message).not.toContain('not-the-password');
    });

    it('names a missing database', async () => {
      const message = await failureOf(withDatabase(serverUrl, 'no_such_database'));
      expect(message).toMatch(/database "no_such_database" does not exist/);
      expect(message).toContain('the database does not exist: create it (createdb)');
    });

    it('names a closed port', async () => {
      const url = new URL(serverUrl);
      url.port = String(await findFreePort());
      const message = await failureOf(url.toString());
      expect(message).toContain(`Could not use the database at 127.0.0.1:${url.port}/`);
      expect(message).toContain('nothing listens at that address: start PostgreSQL');
    });
  },
);
