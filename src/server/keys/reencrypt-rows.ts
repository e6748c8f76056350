import type pg from 'pg';
import type { FieldCipher } from '../db/field-cipher.ts';
import { encryptedColumns, selectEncrypted, type EncryptedColumn } from './encrypted-columns.ts';

export interface ReencryptResult {
  /** Values now written with the current key. */
  reencrypted: number;
  /** Values no configured key reads: left as they are. */
  unreadable: number;
}

const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Re-encrypts, with the current key, every stored value written with another (an earlier key
 * kept in REFLECTION_ENCRYPTION_PREVIOUS_KEYS, or none named: v1), a batch at a time while the
 * app runs. A value changed since it was read (a learner's autosave) is left to its new writer.
 */
export async function reencryptRows(
  pool: pg.Pool,
  cipher: FieldCipher,
  { batchSize = 200 }: { batchSize?: number } = {},
): Promise<ReencryptResult> {
  const result: ReencryptResult = { reencrypted: 0, unreadable: 0 };
  for (const column of encryptedColumns) {
    let afterId = NO_ID;
    for (;;) {
      const { rows } = await pool.query<Record<string, string>>(
        `${selectEncrypted(column)}
         where id > $1 and left(${column.column}, length($2)) <> $2 order by id limit $3`,
        [afterId, cipher.currentPrefix, batchSize],
      );
      if (rows.length === 0) break;
      afterId = rows.at(-1)!.id!;
      await reencryptBatch(pool, cipher, column, rows, result);
    }
  }
  return result;
}

async function reencryptBatch(
  pool: pg.Pool,
  cipher: FieldCipher,
  column: EncryptedColumn,
  rows: Record<string, string>[],
  result: ReencryptResult,
): Promise<void> {
  const updates: { id: string; from: string; to: string }[] = [];
  for (const row of rows) {
    const context = column.contextOf(row);
    try {
      const plaintext = cipher.decrypt(row.value!, context);
      updates.push({ id: row.id!, from: row.value!, to: cipher.encrypt(plaintext, context) });
    } catch {
      result.unreadable += 1;
    }
  }
  if (updates.length === 0) return;
  const { rowCount } = await pool.query(
    `update ${column.table} as t set ${column.column} = u.value_to
     from unnest($1::uuid[], $2::text[], $3::text[]) as u(id, value_from, value_to)
     where t.id = u.id and t.${column.column} = u.value_from`,
    [updates.map((u) => u.id), updates.map((u) => u.from), updates.map((u) => u.to)],
  );
  result.reencrypted += rowCount ?? 0;
}

interface Logger {
  info: (message: string) => void;
  warn: (message: string) => void;
}

/** After the start: values under an earlier key (or none named) move to the current key. */
export async function reencryptInBackground(
  pool: pg.Pool,
  cipher: FieldCipher,
  log: Logger,
): Promise<void> {
  try {
    const { reencrypted, unreadable } = await reencryptRows(pool, cipher);
    if (reencrypted > 0) log.info(`re-encrypted ${reencrypted} stored values with the current key`);
    if (unreadable > 0) {
      log.warn(
        `${unreadable} stored values are readable by no configured key (REFLECTION_ENCRYPTION_KEY, REFLECTION_ENCRYPTION_PREVIOUS_KEYS): left as they are`,
      );
    }
  } catch (error) {
    // The app stopping closes the pool under it; the next start carries on.
    log.warn(`re-encrypting stored values stopped: ${(error as Error).message}`);
  }
}
