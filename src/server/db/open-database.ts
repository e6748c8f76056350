import type { Config } from '../config.ts';
import { connectDatabase, migrateDatabase, type DatabaseConnection } from './client.ts';
import { describeDatabaseError } from './database-errors.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

interface Logger {
  info: (message: string) => void;
  warn: (message: string) => void;
}

/** DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR; migrated either way. */
export async function openDatabase(
  config: Config,
  log: Logger,
  onEmbeddedDeath?: () => void,
): Promise<DatabaseConnection> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, log, config.port, onEmbeddedDeath);
  const connection = connectDatabase(config.databaseUrl ?? embedded!.url);
  try {
    const { version, applied } = await migrateDatabase(connection.db);
    log.info(
      applied.length === 0
        ? `database schema at ${version}: up to date`
        : `database schema at ${version}: applied ${applied.length} migrations (${applied.join(', ')})`,
    );
  } catch (error) {
    await connection.close();
    await embedded?.stop();
    const source = config.databaseUrl
      ? { variable: 'DATABASE_URL' as const, url: config.databaseUrl }
      : { variable: 'DATA_DIR' as const, url: embedded!.url };
    throw new Error(describeDatabaseError(error, source), { cause: error });
  }
  return {
    ...connection,
    close: async () => {
      await connection.close();
      await embedded?.stop();
    },
  };
}
