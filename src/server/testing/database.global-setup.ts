import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';

export const TEMPLATE_DATABASE = `app_template_${process.pid}`;

/**
 * Once per run: a PostgreSQL server (the embedded one, or TEST_DATABASE_URL's) with a migrated
 * template database. Each test file then clones the template into a database of its own.
 */
export default async function setup(project: TestProject) {
  const target = project.config.env?.TEST_DATABASE_TARGET;
  const dataDir = target === 'url' ? undefined : mkdtempSync(path.join(tmpdir(), 'sf-test-'));
  if (dataDir) chmodSync(dataDir, 0o755);
  const embedded = dataDir
    ? await startEmbeddedPostgres(dataDir, { info: () => {}, warn: console.warn })
    : undefined;
  const serverUrl = embedded?.url ?? process.env.TEST_DATABASE_URL!;

  await recreateDatabase(serverUrl, TEMPLATE_DATABASE);
  const template = connectDatabase(withDatabase(serverUrl, TEMPLATE_DATABASE));
  await migrateDatabase(template.db);
  await template.close();

  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', TEMPLATE_DATABASE);

  return async () => {
    await dropDatabases(serverUrl, TEMPLATE_DATABASE);
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function recreateDatabase(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
}

/** The template and every clone of it made by this run. */
async function dropDatabases(serverUrl: string, template: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const { rows } = await client.query<{ datname: string }>(
    'select datname from pg_database where datname like $1',
    [`${template}%`],
  );
  for (const { datname } of rows)
    await client.query(`drop database if exists ${datname} with (force)`);
  await client.end();
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
  }
}
