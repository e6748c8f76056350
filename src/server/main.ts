import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ensureAdmin } from './auth/ensure-admin.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { closeGracefullyOnSignals } from './http/graceful-shutdown.ts';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const startupLog = {
    info: (message: string) => console.log(message),
    warn: (message: string) => console.warn(message),
  };
  const database = await openDatabase(config, startupLog);
  const app = await buildApp(config, database);
  app.addHook('onClose', async () => database.close());
  await ensureAdmin(app);

  closeGracefullyOnSignals(app);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Sovereign Flame is ready at ${config.appUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
