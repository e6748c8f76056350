/**
 * `npm run rotate-key` re-encrypts every stored reflection and companion record with the current
 * key (REFLECTION_ENCRYPTION_KEY), reading the old ones with REFLECTION_ENCRYPTION_PREVIOUS_KEYS,
 * in batches while the app runs. README, "The reflection key", gives the whole procedure.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../src/server/config.ts';
import { connectInstallation } from '../src/server/db/connect-installation.ts';
import { createFieldCipher, keyIdOf } from '../src/server/db/field-cipher.ts';
import { reencryptRows } from '../src/server/keys/reencrypt-rows.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
if (config.reflectionKeyOrigin === 'generated') {
  console.error(
    'No reflection key is configured: set REFLECTION_ENCRYPTION_KEY (or run this where DATA_DIR holds reflection-key).',
  );
  process.exit(1);
}
const database = await connectInstallation(config, { info: () => {}, warn: console.warn });
try {
  const cipher = createFieldCipher(config.reflectionKey, config.reflectionPreviousKeys);
  const { reencrypted, unreadable } = await reencryptRows(database.pool, cipher);
  const keyId = keyIdOf(config.reflectionKey);
  console.log(`Re-encrypted ${reencrypted} stored values with key ${keyId}.`);
  if (unreadable > 0) {
    console.error(
      `${unreadable} stored values are readable by no configured key: add the key they were written with to REFLECTION_ENCRYPTION_PREVIOUS_KEYS and run this again.`,
    );
    process.exitCode = 1;
  } else if (config.reflectionPreviousKeys.length > 0) {
    console.log(
      `Every stored value is now written with key ${keyId}: REFLECTION_ENCRYPTION_PREVIOUS_KEYS can be removed from every app process.`,
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
