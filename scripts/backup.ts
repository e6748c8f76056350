/**
 * `npm run backup [-- <file>]` writes the whole database to one file, consistent while the app
 * runs; encrypted with BACKUP_PASSPHRASE when set. Without a file name it goes to BACKUP_DIR (by
 * default DATA_DIR/backups), is shown on the admin overview, and counts towards BACKUP_KEEP.
 * README, "Backup and restore", gives the whole procedure.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { encryptedColumns } from '../src/server/keys/encrypted-columns.ts';
import { loadConfig } from '../src/server/config.ts';
import { connectInstallation } from '../src/server/db/connect-installation.ts';
import type { BackupHeader } from '../src/server/backup/backup-file.ts';
import { backupFileName, runBackup } from '../src/server/backup/scheduled-backups.ts';
import { takeBackup } from '../src/server/backup/take-backup.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const [given] = process.argv.slice(2);
const now = new Date();
const file = given ? path.resolve(given) : path.join(config.backup.dir, backupFileName(now));
const database = await connectInstallation(config, { info: () => {}, warn: console.warn });
try {
  let header: BackupHeader;
  if (given) {
    mkdirSync(path.dirname(file), { recursive: true });
    header = await takeBackup(database.pool, file, {
      encryptedColumns,
      passphrase: config.backup.passphrase,
      now,
    });
  } else {
    header = await runBackup(database.db, config.backup, now, encryptedColumns);
  }
  const rows = Object.values(header.tables).reduce((sum, count) => sum + count, 0);
  console.log(
    `Backed up ${rows} rows of ${Object.keys(header.tables).length} tables (schema ${header.schema.migration}) to ${file}${header.encrypted ? ', encrypted with BACKUP_PASSPHRASE' : ''}.`,
  );
  if (header.keys.keyIds.length > 0 || header.keys.valuesWithoutKeyId > 0) {
    console.log(
      `Restoring it needs the reflection key (key id ${header.keys.keyIds.join(', ') || 'unnamed'}): keep REFLECTION_ENCRYPTION_KEY (or DATA_DIR/reflection-key) safe, apart from this file.`,
    );
  }
} catch (error) {
  console.error(`The backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
