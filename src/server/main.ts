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
  if (!config.contactEmail) {
    startupLog.warn(
      'CONTACT_EMAIL is not set: the site shows no contact address, so learners cannot ask for a refund or use their privacy rights by email.',
    );
  }
  const database = await openDatabase(config, startupLog);
  const app = await buildApp(config, database);
  await ensureAdmin(app);

  closeGracefullyOnSignals(app, () => database.close());

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { paymentMode: config.paymentMode },
    `Sovereign Flame is ready at ${config.appUrl}, payment mode ${config.paymentMode}`,
  );
  if (config.paymentMode === 'test') {
    app.log.warn('payment test mode: "Pay now" grants test access and no real payment is taken');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
