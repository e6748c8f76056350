import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { connectDatabase, type DatabaseConnection } from './client.ts';
import {
  embeddedDatabaseUrl,
  getRunningServerPid,
  startEmbeddedPostgres,
} from './embedded-postgres.ts';

interface Logger {
  info: (message: string) => void;
  warn: (message: string) => void;
}

export interface InstallationDatabase extends DatabaseConnection {
  url: string;
}

/**
 * The installation's database, for a command run beside the app (backup, restore, rotate-key):
 * DATABASE_URL; else the embedded PostgreSQL the running app started in DATA_DIR (its port read
 * from postmaster.pid, its password from DATA_DIR), so the operator looks up neither; else that
 * server, started for the command and stopped after it.
 */
export async function connectInstallation(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: Logger,
): Promise<InstallationDatabase> {
  if (config.databaseUrl)
    return { ...connectDatabase(config.databaseUrl), url: config.databaseUrl };
  const databaseDir = path.join(config.dataDir, 'postgres');
  if (getRunningServerPid(databaseDir) !== undefined) {
    const port = Number(
      readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[3],
    );
    const password = readFileSync(path.join(config.dataDir, 'postgres-password'), 'utf8').trim();
    const url = embeddedDatabaseUrl(password, port);
    return { ...connectDatabase(url), url };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir, log);
  const connection = connectDatabase(embedded.url);
  return {
    ...connection,
    url: embedded.url,
    close: async () => {
      await connection.close();
      await embedded.stop();
    },
  };
}
