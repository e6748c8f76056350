/**
 * `npm run restore -- <file>` loads a backup made by `npm run backup` into an empty database (the
 * embedded one in DATA_DIR, or DATABASE_URL), with the reflection key it was written with.
 * README, "Backup and restore", gives the whole procedure.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { checkReflectionKey } from '../src/server/keys/check-reflection-key.ts';
import { loadConfig } from '../src/server/config.ts';
import { connectInstallation } from '../src/server/db/connect-installation.ts';
import { restoreBackup } from '../src/server/backup/restore-backup.ts';
import { requeueWaitingMail } from '../src/server/mail/requeue-waiting-mail.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const [given] = process.argv.slice(2);
if (!given) {
  console.error('Name the backup to restore: npm run restore -- <file>');
  process.exit(1);
}
const file = path.resolve(given);
const config = loadConfig();
const database = await connectInstallation(config, { info: () => {}, warn: console.warn });
try {
  const header = await restoreBackup(database.db, file, {
    passphrase: config.backup.passphrase,
    keys: config,
    checkKey: checkReflectionKey,
  });
  const rows = Object.values(header.tables).reduce((sum, count) => sum + count, 0);
  console.log(`Restored ${rows} rows from ${file} (taken ${header.createdAt}).`);
  if (config.mail.mode === 'smtp') {
    const queued = await requeueWaitingMail(database.pool, pino({ level: 'warn' }));
    if (queued > 0) console.log(`${queued} mails waiting to be sent are queued again.`);
  }
  console.log('Start the app as usual (npm start).');
} catch (error) {
  console.error(`The restore did not happen: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
