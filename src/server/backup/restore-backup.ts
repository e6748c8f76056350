import type pg from 'pg';
import type { Config } from '../config.ts';
import { migrateDatabase, readJournal, type Database } from '../db/client.ts';
import { keyIdOf, createFieldCipher } from '../db/field-cipher.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  readBackup,
  type BackupHeader,
  type BackupLine,
} from './backup-file.ts';
import { DERIVED_TABLES, quoteName } from './database-tables.ts';

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** PostgreSQL takes at most 65,535 parameters in a statement. */
const PARAMETERS_PER_INSERT = 30_000;

/** Tables the migrations themselves fill (0020: the one settings row): replaced by the backup's. */
const FILLED_BY_MIGRATIONS = ['platform_settings'];

type KeyConfig = Pick<
  Config,
  'reflectionKey' | 'reflectionKeyOrigin' | 'reflectionKeyFile' | 'reflectionPreviousKeys'
>;

export type KeyCheck = (
  client: pg.ClientBase,
  keys: KeyConfig,
  cipher: ReturnType<typeof createFieldCipher>,
) => Promise<unknown>;

export interface RestoreOptions {
  passphrase?: string | undefined;
  keys: KeyConfig;
  /** keys/check-reflection-key.ts: the restored rows must read with the configured key. */
  checkKey: KeyCheck;
}

/**
 * Loads a backup into an empty database: refused (nothing changed) when the database holds data,
 * when the backup is newer than this code, or when the configured reflection keys cannot read
 * what it holds. The schema is first migrated to the backup's version, the rows loaded in one
 * transaction, the sequences set past them; then the later migrations run as at any start.
 */
export async function restoreBackup(
  db: Database,
  file: string,
  { passphrase, keys, checkKey }: RestoreOptions,
): Promise<BackupHeader> {
  const lines = readBackup(file, passphrase);
  try {
    const header = await readHeader(lines, file);
    const migration = requireKnownSchema(header);
    requireKeys(header, keys);
    await requireEmptyDatabase(db.$client);
    await migrateDatabase(db, { through: migration });
    await loadRows(db.$client, header, lines, keys, checkKey);
    await migrateDatabase(db);
    return header;
  } finally {
    await lines.return(undefined);
  }
}

async function readHeader(lines: AsyncGenerator<BackupHeader | BackupLine>, file: string) {
  const { value } = await lines.next();
  const header = value as BackupHeader | undefined;
  if (header?.format !== BACKUP_FORMAT) {
    throw new RestoreRefusedError(`${file} is not a backup made by npm run backup.`);
  }
  if (header.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new RestoreRefusedError(
      `${file} is in backup format ${header.formatVersion}, newer than this version of the app reads (${BACKUP_FORMAT_VERSION}): restore it with the version of the app that took it, or a newer one.`,
    );
  }
  return header;
}

function requireKnownSchema({ schema }: BackupHeader): string {
  const { entries } = readJournal();
  const newest = entries.at(-1)!;
  const entry = entries.find((candidate) => candidate.tag === schema.migration);
  if (!entry || schema.createdAt > newest.when) {
    throw new RestoreRefusedError(
      `The backup was taken at database schema ${schema.migration ?? `of ${new Date(schema.createdAt).toISOString()}`}, which this version of the app does not know (its newest is ${newest.tag}): restore it with the version of the app that took it, or a newer one.`,
    );
  }
  return entry.tag;
}

/** Every key id the backup's values name must be configured; the keys themselves never travel. */
function requireKeys({ keys: needed }: BackupHeader, keys: KeyConfig): void {
  const encryptedValues = needed.keyIds.length + needed.valuesWithoutKeyId;
  if (encryptedValues > 0 && keys.reflectionKeyOrigin === 'generated') {
    throw new RestoreRefusedError(
      `The backup holds encrypted reflections and companion records (key ids: ${needed.keyIds.join(', ') || 'not named (v1)'}), but no reflection key is configured. Set REFLECTION_ENCRYPTION_KEY to the key the backup was written with (or put the reflection-key file kept with it at ${keys.reflectionKeyFile}), then restore again.`,
    );
  }
  const configured = [keys.reflectionKey, ...keys.reflectionPreviousKeys].map(keyIdOf);
  const missing = needed.keyIds.filter((keyId) => !configured.includes(keyId));
  if (missing.length > 0) {
    throw new RestoreRefusedError(
      `The backup holds values written with reflection key ${missing.join(', ')}, but the configured keys are ${configured.join(', ')}. Set REFLECTION_ENCRYPTION_KEY to the key the backup was written with (an older one may go in REFLECTION_ENCRYPTION_PREVIOUS_KEYS), then restore again. Nothing was changed.`,
    );
  }
}

async function requireEmptyDatabase(pool: pg.Pool): Promise<void> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  const holding: string[] = [];
  for (const { name } of tables) {
    if (FILLED_BY_MIGRATIONS.includes(name) || DERIVED_TABLES.includes(name)) continue;
    const { rowCount } = await pool.query(`select 1 from ${quoteName(name)} limit 1`);
    if (rowCount) holding.push(name);
  }
  if (holding.length > 0) {
    throw new RestoreRefusedError(
      `The database already holds data (in ${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ', …' : ''}): a restore goes only into an empty database, so nothing is mixed or overwritten. Point DATABASE_URL at a new, empty database, or for the embedded database stop the app and move DATA_DIR/postgres away (keep reflection-key and auth-secret), then restore again. Nothing was changed.`,
    );
  }
}

/**
 * One transaction: a file cut short, damaged or under a wrong passphrase (found at its end) leaves
 * the database as empty as it was. The key check reads the loaded rows before the commit.
 */
async function loadRows(
  pool: pg.Pool,
  header: BackupHeader,
  lines: AsyncGenerator<BackupHeader | BackupLine>,
  keys: KeyConfig,
  checkKey: KeyCheck,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const table of FILLED_BY_MIGRATIONS) {
      if (table in header.tables) await client.query(`delete from ${quoteName(table)}`);
    }
    const loaded = await insertLines(client, lines);
    for (const [table, count] of Object.entries(header.tables)) {
      if ((loaded.get(table) ?? 0) !== count) {
        throw new RestoreRefusedError(
          `The backup is incomplete: ${table} has ${loaded.get(table) ?? 0} of its ${count} rows. Nothing was changed.`,
        );
      }
    }
    await resetSequences(client);
    await checkKey(
      client,
      keys,
      createFieldCipher(keys.reflectionKey, keys.reflectionPreviousKeys),
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function insertLines(
  client: pg.PoolClient,
  lines: AsyncGenerator<BackupHeader | BackupLine>,
): Promise<Map<string, number>> {
  const loaded = new Map<string, number>();
  let table: { table: string; columns: string[] } | undefined;
  let batch: (string | null)[][] = [];
  const flush = async () => {
    if (table && batch.length > 0) await insertBatch(client, table, batch);
    batch = [];
  };
  for await (const line of lines) {
    if (Array.isArray(line)) {
      if (!table) throw new RestoreRefusedError('The backup is damaged: a row before its table.');
      batch.push(line);
      loaded.set(table.table, (loaded.get(table.table) ?? 0) + 1);
      if ((batch.length + 1) * table.columns.length > PARAMETERS_PER_INSERT) await flush();
    } else if ('table' in line) {
      await flush();
      table = line;
    } else if ('end' in line) {
      await flush();
      return loaded;
    }
  }
  throw new RestoreRefusedError('The backup is incomplete: it ends before its last table.');
}

async function insertBatch(
  client: pg.PoolClient,
  { table, columns }: { table: string; columns: string[] },
  rows: (string | null)[][],
): Promise<void> {
  const values = rows.map(
    (_, row) =>
      `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(', ')})`,
  );
  await client.query(
    `insert into ${quoteName(table)} (${columns.map(quoteName).join(', ')})
     overriding system value values ${values.join(', ')}`,
    rows.flat(),
  );
}

/** Every sequence a column owns continues after the largest value loaded. */
async function resetSequences(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{
    sequence: string;
    table_name: string;
    column_name: string;
  }>(
    `select s.oid::regclass::text as sequence, t.relname as table_name, a.attname as column_name
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       join pg_namespace n on n.oid = t.relnamespace
      where s.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const { sequence, table_name, column_name } of rows) {
    await client.query(
      `select setval($1::regclass, coalesce(max(${quoteName(column_name)}), 0) + 1, false)
         from ${quoteName(table_name)}`,
      [sequence],
    );
  }
}
