import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import { withDatabase } from './database.global-setup.ts';
import { nextClientAddress } from './users.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  pool: pg.Pool;
  /** Requests as a signed-in user (their session cookie), or as a visitor when `user` is undefined. */
  as: (user: { cookie: string } | undefined) => TestClient;
  close: () => Promise<void>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Payload = InjectOptions['payload'];

export interface TestClient {
  request: (method: Method, url: string, payload?: Payload) => Promise<LightMyRequestResponse>;
  get: (url: string) => Promise<LightMyRequestResponse>;
  post: (url: string, payload?: Payload) => Promise<LightMyRequestResponse>;
  put: (url: string, payload?: Payload) => Promise<LightMyRequestResponse>;
  patch: (url: string, payload?: Payload) => Promise<LightMyRequestResponse>;
  delete: (url: string, payload?: Payload) => Promise<LightMyRequestResponse>;
}

/**
 * Each request comes from an address of its own, so that no rate limit couples two tests; a test
 * of a limit injects its requests itself.
 */
export function clientOf(app: FastifyInstance, user: { cookie: string } | undefined): TestClient {
  const request = (method: Method, url: string, payload?: Payload) =>
    app.inject({
      method,
      url,
      headers: user ? { cookie: user.cookie } : {},
      remoteAddress: nextClientAddress(),
      ...(payload === undefined ? {} : { payload }),
    });
  return {
    request,
    get: (url) => request('GET', url),
    post: (url, payload) => request('POST', url, payload),
    put: (url, payload) => request('PUT', url, payload),
    patch: (url, payload) => request('PATCH', url, payload),
    delete: (url, payload) => request('DELETE', url, payload),
  };
}

/**
 * What hashing one password costs in the tests: a thousandth of the app's. Every test user is a
 * real sign-up, and at the app's cost the hashing was most of the API tests' time.
 */
export const TEST_PASSWORD_HASHING = { N: 2 ** 10, r: 8, p: 1 };

/** The real app on a fresh database of its own, cloned from the migrated template. */
export async function buildTestApp(
  environment: NodeJS.ProcessEnv = {},
  configOverrides: Partial<Config> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-app-'));
  const connection = connectDatabase(await createTestDatabase());
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      ...environment,
    }),
    passwordHashing: TEST_PASSWORD_HASHING,
    jobs: { runWorkers: false },
    ...configOverrides,
  };
  const app = await buildApp(config, connection);
  await app.ready();
  return {
    app,
    db: connection.db,
    pool: connection.pool,
    as: (user) => clientOf(app, user),
    close: async () => {
      await app.close();
      await connection.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, migrated database of its own on the test server; answers its URL. */
export async function createTestDatabase(): Promise<string> {
  const serverUrl = inject('databaseServerUrl');
  const template = inject('templateDatabase');
  const database = `${template}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await createDatabaseFromTemplate(serverUrl, database, template);
  return withDatabase(serverUrl, database);
}

/** An empty database (no migrations) on the test server, as a first start meets one. */
export async function createEmptyDatabase(): Promise<string> {
  const serverUrl = inject('databaseServerUrl');
  const database = `${inject('templateDatabase')}_empty_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${database}`);
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, database);
}

async function createDatabaseFromTemplate(serverUrl: string, database: string, template: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${database} template ${template}`);
        return;
      } catch (error) {
        // Two files cloning at the same instant: the template is briefly "in use".
        if (attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await client.end();
  }
}
