import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { keyIdOf, type FieldCipher } from '../db/field-cipher.ts';
import { encryptedColumns, selectEncrypted } from './encrypted-columns.ts';

export class ReflectionKeyError extends Error {
  override name = 'ReflectionKeyError';
}

type KeyConfig = Pick<Config, 'reflectionKey' | 'reflectionKeyOrigin' | 'reflectionKeyFile'>;

/**
 * Before the app serves anyone: the configured key must read what is stored (one row of each
 * encrypted table), and a key generated on this start is kept only when nothing is stored yet.
 * Otherwise a restore without its key, or a changed key, would start quietly and answer 500 on
 * every lesson of every learner who wrote.
 */
export async function checkReflectionKey(
  pool: Pick<pg.ClientBase, 'query'>,
  config: KeyConfig,
  cipher: FieldCipher,
): Promise<void> {
  const samples = await sampleEncryptedValues(pool);
  if (config.reflectionKeyOrigin === 'generated') {
    if (samples.length > 0) throw new ReflectionKeyError(missingKeyMessage(config));
    keepGeneratedKey(config);
    return;
  }
  for (const sample of samples) {
    try {
      cipher.decrypt(sample.value, sample.context);
    } catch (error) {
      throw new ReflectionKeyError(wrongKeyMessage(config, sample.where, (error as Error).message));
    }
  }
}

async function sampleEncryptedValues(pool: Pick<pg.ClientBase, 'query'>) {
  const samples = [];
  for (const column of encryptedColumns) {
    const { rows } = await pool.query<Record<string, string>>(`${selectEncrypted(column)} limit 1`);
    const [row] = rows;
    if (row) {
      samples.push({
        value: row.value!,
        context: column.contextOf(row),
        where: `${column.table}.${column.column}`,
      });
    }
  }
  return samples;
}

function keepGeneratedKey({ reflectionKey, reflectionKeyFile }: KeyConfig): void {
  mkdirSync(path.dirname(reflectionKeyFile), { recursive: true });
  // wx: a key another start wrote in the meantime is never replaced.
  writeFileSync(reflectionKeyFile, `${reflectionKey.toString('base64')}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
}

function missingKeyMessage({ reflectionKeyFile }: KeyConfig): string {
  return (
    `The database holds encrypted reflections or companion records, but no reflection key is ` +
    `configured: REFLECTION_ENCRYPTION_KEY is unset and ${reflectionKeyFile} does not exist. ` +
    `A new key would leave every learner's writing unreadable, so none is made. To fix: set ` +
    `REFLECTION_ENCRYPTION_KEY to the key this database was written with, or put the key file ` +
    `from your backup back at ${reflectionKeyFile}, then start again.`
  );
}

function wrongKeyMessage(config: KeyConfig, where: string, cause: string): string {
  const source =
    config.reflectionKeyOrigin === 'environment'
      ? 'REFLECTION_ENCRYPTION_KEY'
      : `the key file ${config.reflectionKeyFile}`;
  return (
    `The configured reflection key (from ${source}, key id ${keyIdOf(config.reflectionKey)}) ` +
    `cannot read what is stored in ${where}: ${cause} To fix: set REFLECTION_ENCRYPTION_KEY ` +
    `to the key this database was written with (or restore ${config.reflectionKeyFile} from the ` +
    `same backup as the database). While rotating keys, keep the old key in ` +
    `REFLECTION_ENCRYPTION_PREVIOUS_KEYS until npm run rotate-key has finished.`
  );
}
