/**
 * The admin's user search at scale: seeds 10 000 and then 1 000 000 users into a throwaway
 * embedded PostgreSQL (generate_series, in SQL), and times the searches the admin panel makes
 * (an email or name that contains the text, pg_trgm's indexes) with the indexes and, for
 * comparison, without them. Fails when a search at 1 million users takes longer than the budget.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connectDatabase, migrateDatabase, type Database } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { findUserByEmailSearch, listUsers } from '../src/server/users/find-users.ts';
import { recordFigure } from './bench-support.ts';

const BUDGET_MS = 50;
const SIZES = [10_000, 1_000_000];
const RUNS = 15;
/**
 * Four hex digits from the middle of the emails' md5: a few hundred of a million users contain
 * one, as a remembered piece of an address would.
 */
const pieces = Array.from({ length: RUNS }, (_, index) =>
  (index * 4099 + 4096).toString(16).slice(-4),
);

const searches: [string, (db: Database, piece: string) => Promise<unknown>][] = [
  [
    'list page 1, email contains',
    (db, piece) => listUsers(db, { search: piece, page: 1, pageSize: 20 }),
  ],
  [
    'list page 1, name contains',
    (db, piece) =>
      listUsers(db, {
        search: `user ${Number.parseInt(piece, 16) % 100_000}`,
        page: 1,
        pageSize: 20,
      }),
  ],
  [
    'list page 1, contained by everyone',
    (db) => listUsers(db, { search: '@example.com', page: 1, pageSize: 20 }),
  ],
  ['list page 1, newest first', (db) => listUsers(db, { search: '', page: 1, pageSize: 20 })],
  ['email search (one user)', (db, piece) => findUserByEmailSearch(db, piece)],
  ['email search, nobody has it', (db, piece) => findUserByEmailSearch(db, `zz${piece}zz`)],
];

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-bench-users-'));
  chmodSync(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres(dataDir, { info: () => {}, warn: console.warn });
  const connection = connectDatabase(embedded.url);
  const rows: string[][] = [];
  let isOverBudget = false;
  try {
    await migrateDatabase(connection.db);
    for (const size of SIZES) {
      const seconds = await seedUsers(connection.db, size);
      console.log(`seeded ${size.toLocaleString('en-US')} users in ${seconds.toFixed(1)} s`);
      for (const [name, search] of searches) {
        const indexed = await medianMs(connection.db, search);
        const row = [size.toLocaleString('en-US'), name, indexed.toFixed(2)];
        if (size === SIZES.at(-1)) {
          isOverBudget ||= indexed > BUDGET_MS;
          recordFigure({
            bench: 'users',
            measure: `${name}, ${size.toLocaleString('en-US')} users`,
            figure: `${indexed.toFixed(1)} ms`,
            goal: `≤ ${BUDGET_MS} ms`,
            met: indexed <= BUDGET_MS,
          });
          row.push((await withoutIndexes(connection.db, (tx) => medianMs(tx, search))).toFixed(2));
        }
        rows.push(row);
      }
    }
  } finally {
    await connection.close();
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    '\nusers      | search                             | median ms | without the indexes',
  );
  for (const [size, name, indexed, plain = ''] of rows) {
    console.log(`${size!.padEnd(10)} | ${name!.padEnd(34)} | ${indexed!.padStart(9)} | ${plain}`);
  }
  if (isOverBudget) {
    console.error(`\nA search at ${SIZES.at(-1)} users took over ${BUDGET_MS} ms.`);
    process.exit(1);
  }
}

async function seedUsers(db: Database, count: number): Promise<number> {
  const started = performance.now();
  await db.execute(sql`truncate users cascade`);
  await db.execute(sql`
    insert into users (id, name, email, first_name, last_name, created_at, updated_at)
    select 'bench-' || i, 'Bench User ' || i, 'user' || md5(i::text) || '@example.com',
           'Bench', 'User ' || i, now() - i * interval '1 minute', now()
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`analyze users`);
  return (performance.now() - started) / 1000;
}

async function medianMs(db: Database, search: (db: Database, piece: string) => Promise<unknown>) {
  await search(db, pieces[0]!);
  const times: number[] = [];
  for (const piece of pieces) {
    const started = performance.now();
    await search(db, piece);
    times.push(performance.now() - started);
  }
  return times.toSorted((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/** Runs the searches with the admin indexes dropped, in a transaction rolled back afterwards. */
async function withoutIndexes<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`drop index users_email_key_idx`);
      await tx.execute(sql`drop index users_created_at_idx`);
      await tx.execute(sql`drop index users_email_trigram_idx`);
      await tx.execute(sql`drop index users_name_trigram_idx`);
      // The dropped indexes are locked until the rollback: the searches run in this transaction.
      result = await run(tx as unknown as Database);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message === 'Rollback')) throw error;
    });
  return result!;
}

await main();
