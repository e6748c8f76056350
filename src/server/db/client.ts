import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as accessTables from './schema/access.ts';
import * as adminTables from './schema/admin.ts';
import * as authTables from './schema/auth.ts';
import * as backupTables from './schema/backup.ts';
import * as betaTables from './schema/beta.ts';
import * as catalogueTables from './schema/catalogue.ts';
import * as companionTables from './schema/companion.ts';
import * as contentTables from './schema/content.ts';
import * as learningTables from './schema/learning.ts';
import * as mailTables from './schema/mail.ts';
import * as marketingTables from './schema/marketing.ts';
import * as paymentsTables from './schema/payments.ts';
import { migrateJobSchema } from '../jobs/job-queue.ts';
import * as usersTables from './schema/users.ts';
import * as rateLimitTables from './schema/rate-limit.ts';
import * as sessionsTables from './schema/sessions.ts';
import * as settingsTables from './schema/settings.ts';

const schema = {
  ...accessTables,
  ...adminTables,
  ...authTables,
  ...backupTables,
  ...betaTables,
  ...catalogueTables,
  ...companionTables,
  ...contentTables,
  ...learningTables,
  ...mailTables,
  ...marketingTables,
  ...paymentsTables,
  ...usersTables,
  ...rateLimitTables,
  ...sessionsTables,
  ...settingsTables,
};

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: what a step of a larger transaction takes. */
export type Executor = Database | Transaction;

export interface DatabaseConnection {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
}

export const migrationsFolder = path.resolve(
  import.meta.dirname,
  '../../../src/server/db/migrations',
);

/** How Drizzle names columns in SQL; statements built outside `db` (prepare-once.ts) use it too. */
export const DATABASE_CASING = 'snake_case';

/** `connectionTimeoutMillis`: how long a query waits for a free connection (5 s unless given). */
export function connectDatabase(
  url: string,
  { connectionTimeoutMillis = 5_000 }: { connectionTimeoutMillis?: number } = {},
): DatabaseConnection {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  const db = drizzle(pool, { schema, casing: DATABASE_CASING });
  return { db, pool, close: () => pool.end() };
}

/** Any constant shared by every process of every version: the lock the migrations run under. */
const MIGRATION_LOCK = 726_301_547;

export interface SchemaState {
  /** The tag of the newest migration, which the database is now at. */
  version: string;
  /** The migrations this call applied, oldest first; none when the schema was up to date. */
  applied: string[];
}

/**
 * Applies the migrations not yet applied, under a PostgreSQL advisory lock on one connection:
 * processes starting together take turns, and the later ones find the schema up to date.
 * `through` stops at that migration (a restore loads a backup at the schema it was taken at).
 */
export async function migrateDatabase(
  db: Database,
  { through }: { through?: string } = {},
): Promise<SchemaState> {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const lastApplied = await lastAppliedMigration(client);
      const journal = readJournal();
      const entries = through
        ? journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === through) + 1)
        : journal.entries;
      await migrateThrough(client, journal, entries);
      await migrateJobSchema(client);
      return {
        version: entries.at(-1)!.tag,
        applied: entries.filter((entry) => entry.when > lastApplied).map((entry) => entry.tag),
      };
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function migrateThrough(
  client: pg.PoolClient,
  journal: Journal,
  entries: Journal['entries'],
): Promise<void> {
  const db = drizzle(client, { casing: DATABASE_CASING });
  if (entries.length === journal.entries.length) {
    await migrate(db, { migrationsFolder });
    return;
  }
  // Drizzle applies a folder whole: a folder of the first migrations, by their journal.
  const folder = mkdtempSync(path.join(tmpdir(), 'sf-migrations-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries }),
    );
    for (const { tag } of entries) {
      symlinkSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    await migrate(db, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** When the newest applied migration was made (Drizzle's created_at); 0 on an empty database. */
async function lastAppliedMigration(client: pg.PoolClient): Promise<number> {
  const { rows: tables } = await client.query<{ name: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!tables[0]?.name) return 0;
  const { rows } = await client.query<{ last: string | null }>(
    'select max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  return Number(rows[0]?.last ?? 0);
}

interface Journal {
  entries: { tag: string; when: number }[];
}

export function readJournal(): Journal {
  return JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
}

export async function isDatabaseUp(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('select 1');
    return true;
  } catch {
    return false;
  }
}
