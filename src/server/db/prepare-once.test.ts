import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/build-test-app.ts';
import { connectDatabase, type DatabaseConnection } from './client.ts';
import { prepareSql } from './prepare-once.ts';

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = connectDatabase(await createTestDatabase());
});
afterAll(() => connection.close());

const echo = () =>
  prepareSql<{ at: unknown; day: unknown; label: unknown }>(
    connection.db,
    'prepare_once_echo',
    sql`select ${sql.placeholder('at')}::timestamptz as at, ${sql.placeholder('at')}::date as day, ${sql.placeholder('label')}::text as label`,
  );

it('fills its placeholders and hands dates and times back as PostgreSQL wrote them', async () => {
  const { rows } = await echo().execute({
    at: new Date('2026-11-27T10:00:00Z'),
    label: 'morning',
  });
  expect(rows[0]!.label).toBe('morning');
  expect(typeof rows[0]!.at).toBe('string');
  expect(new Date(rows[0]!.at as string).toISOString()).toBe('2026-11-27T10:00:00.000Z');
  expect(rows[0]!.day).toBe('2026-11-27');
});

it("fails as Drizzle's own queries do: pg's error is the cause", async () => {
  const failing = prepareSql(connection.db, 'prepare_once_fails', sql`select 1 / 0`);
  const error = await failing.execute().catch((failure: unknown) => failure);
  expect(error).toMatchObject({ cause: { code: '22012' } });
});

it('refuses to run without a value for a placeholder', async () => {
  await expect(echo().execute({ label: 'no time' })).rejects.toThrow(/at/);
});
