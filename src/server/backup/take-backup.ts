import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { readJournal } from '../db/client.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  createBackupWriter,
  type BackupHeader,
  type BackupWriter,
} from './backup-file.ts';
import { listStoredColumns, listTablesInLoadOrder, quoteName, rawText } from './database-tables.ts';

/** Rows fetched from a table's cursor at a time: memory stays bounded whatever the table's size. */
const ROWS_PER_FETCH = 500;

/**
 * Writes the whole database to `file` (through a temporary name, so a file of that name is always
 * complete) from one REPEATABLE READ READ ONLY transaction: every table as of one instant, while
 * the app goes on writing. The job queue's own tables (schema pgboss) stay out: mail waiting to be
 * sent is in mail_outbox, and a restore queues it again (restore-backup.ts).
 */
export async function takeBackup(
  pool: pg.Pool,
  file: string,
  {
    encryptedColumns,
    passphrase,
    now = new Date(),
  }: {
    /** The columns of AES-GCM envelopes (keys/encrypted-columns.ts), whose key ids are noted. */
    encryptedColumns: readonly { table: string; column: string }[];
    passphrase?: string | undefined;
    now?: Date;
  },
): Promise<BackupHeader> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.partial`);
  const client = await pool.connect();
  let writer: BackupWriter | undefined;
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables = await listTablesInLoadOrder(client);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      schema: await readSchemaVersion(client),
      tables: await countRows(client, tables),
      keys: await readKeyFingerprint(client, encryptedColumns),
      encrypted: Boolean(passphrase),
    };
    writer = await createBackupWriter(partial, passphrase);
    await writer.write(header);
    let rows = 0;
    for (const table of tables) rows += await writeTable(client, writer, table);
    await writer.write({ end: true, rows });
    await client.query('commit');
    await writer.close();
    await rename(partial, file);
    return header;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    await writer?.abort(error as Error);
    await rm(partial, { force: true });
    throw error;
  } finally {
    client.release();
  }
}

async function writeTable(client: pg.PoolClient, writer: BackupWriter, table: string) {
  const columns = await listStoredColumns(client, table);
  await writer.write({ table, columns });
  await client.query(
    `declare backup_rows no scroll cursor for select ${columns.map(quoteName).join(', ')} from ${quoteName(table)}`,
  );
  let written = 0;
  for (;;) {
    const { rows } = await client.query<(string | null)[]>({
      text: `fetch ${ROWS_PER_FETCH} from backup_rows`,
      rowMode: 'array',
      types: rawText,
    });
    for (const row of rows) await writer.write(row);
    written += rows.length;
    if (rows.length < ROWS_PER_FETCH) break;
  }
  await client.query('close backup_rows');
  return written;
}

async function countRows(client: pg.PoolClient, tables: string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await client.query<{ count: string }>(
      `select count(*)::text as count from ${quoteName(table)}`,
    );
    counts[table] = Number(rows[0]!.count);
  }
  return counts;
}

/** The newest migration applied, by Drizzle's record of it; named by the journal when known. */
export async function readSchemaVersion(
  client: Pick<pg.ClientBase, 'query'>,
): Promise<BackupHeader['schema']> {
  const { rows } = await client.query<{ last: string | null }>(
    'select max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const createdAt = Number(rows[0]?.last ?? 0);
  const entry = readJournal().entries.find((candidate) => candidate.when === createdAt);
  return { migration: entry?.tag ?? null, createdAt };
}

/** The key ids of every encrypted value (`v2.<key id>.…`), and how many name none (v1). */
async function readKeyFingerprint(
  client: pg.PoolClient,
  encryptedColumns: readonly { table: string; column: string }[],
): Promise<BackupHeader['keys']> {
  const keyIds = new Set<string>();
  let valuesWithoutKeyId = 0;
  for (const { table, column } of encryptedColumns) {
    const { rows } = await client.query<{ key_id: string | null; count: string }>(
      `select case when ${column} like 'v2.%' then split_part(${column}, '.', 2) end as key_id,
              count(*)::text as count
         from ${quoteName(table)} group by 1`,
    );
    for (const row of rows) {
      if (row.key_id === null) valuesWithoutKeyId += Number(row.count);
      else keyIds.add(row.key_id);
    }
  }
  return { keyIds: [...keyIds].sort(), valuesWithoutKeyId };
}
