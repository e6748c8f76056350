import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import pg from 'pg';
import * as accessTables from './schema/access.ts';
import * as authTables from './schema/auth.ts';
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
  ...authTables,
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

export function connectDatabase(url: string): DatabaseConnection {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  const db = drizzle(pool, { schema, casing: DATABASE_CASING });
  return { db, pool, close: () => pool.end() };
}

export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
  await migrateJobSchema(db.$client);
}

export async function isDatabaseUp(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('select 1');
    return true;
  } catch {
    return false;
  }
}
