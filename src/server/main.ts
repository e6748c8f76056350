import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ensureAdmin } from './auth/ensure-admin.ts';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { closeGracefullyOnSignals } from './http/graceful-shutdown.ts';
import { createStartupLog } from './http/pretty-log.ts';
import { checkReflectionKey } from './keys/check-reflection-key.ts';
import { reencryptInBackground } from './keys/reencrypt-rows.ts';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const startupLog = createStartupLog(config.logFormat);
  if (!config.contactEmail) {
    startupLog.warn(
      'CONTACT_EMAIL is not set: the site shows no contact address, so learners cannot ask for a refund or use their privacy rights by email.',
    );
  }
  warnAboutProductionSettings(config, startupLog);
  const database = await openDatabase(config, startupLog, () => {
    startupLog.error(
      'The embedded PostgreSQL stopped unexpectedly: the app exits so that its supervisor (systemd, Docker) starts it again.',
    );
    process.exit(70);
  });
  const app = await buildApp(config, database).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  try {
    await checkReflectionKey(database.pool, config, app.reflectionCipher);
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  await ensureAdmin(app);

  closeGracefullyOnSignals(app, () => database.close());

  await listenQuietly(app, config);
  app.log.info(
    { host: config.host, port: config.port },
    `Sovereign Flame is ready at ${config.appUrl}`,
  );
  logModes(app, config);
  void reencryptInBackground(database.pool, app.reflectionCipher, app.log);
}

/** Settings that work, but not as a live site should run. */
function warnAboutProductionSettings(config: Config, log: { warn: (message: string) => void }) {
  if (config.environment !== 'production') return;
  const { protocol, hostname } = new URL(config.appUrl);
  if (protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(hostname)) {
    log.warn(
      `APP_URL is plain http (${config.appUrl}): sign-in cookies and passwords cross the network unencrypted. Serve the site over https and set APP_URL to its https:// address.`,
    );
  }
  if (config.paymentMode === 'live' && config.stripe.secretKey?.startsWith('sk_test_')) {
    log.warn(
      'STRIPE_SECRET_KEY is a Stripe test key (sk_test_…) in live payment mode: no real payment is taken. Set the live key (sk_live_…) to take payments.',
    );
  }
}

/**
 * Fastify logs every address it listens on (a LAN address among them, where sign-in would fail):
 * the start log names APP_URL instead, the one address people should use.
 */
async function listenQuietly(app: FastifyInstance, config: Config): Promise<void> {
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    await app.listen({ port: config.port, host: config.host });
  } finally {
    app.log.level = level;
  }
}

const mailModeNotes: Record<Config['mail']['mode'], string> = {
  smtp: 'mail is sent over SMTP_URL',
  outbox: 'nothing is sent; admins read each mail in the admin panel (Outbox)',
  console: 'nothing is sent; each mail is printed here, links included, and kept in the Outbox',
};

/** How payments and mail work on this start, in a line each. */
function logModes(app: FastifyInstance, { paymentMode, mail }: Config): void {
  if (paymentMode === 'test') {
    app.log.warn('payment mode test: "Pay now" grants test access and no real payment is taken');
  } else {
    app.log.info('payment mode live: payments are taken by Stripe');
  }
  const mailLine = `mail mode ${mail.mode}: ${mailModeNotes[mail.mode]}`;
  if (mail.mode === 'smtp') app.log.info(mailLine);
  else app.log.warn(mailLine);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
