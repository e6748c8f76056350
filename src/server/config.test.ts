import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { describeServerProcesses, spawnServer } from './testing/server-process.ts';

const AUTH_SECRET = 'a-secret-of-at-least-thirty-two-characters';
let dataDir: string | undefined;

afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

function temporaryDataDir(): string {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sf-config-'));
  return dataDir;
}

/** The message a start with this environment stops with. */
function problemWith(environment: NodeJS.ProcessEnv): string {
  try {
    loadConfig({ AUTH_SECRET, ...environment });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the configuration was accepted');
}

describe('a bad value stops the start with the variable and what it expects', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT: expected a port number'],
    [{ PORT: '80.5' }, 'PORT: expected a port number'],
    [{ PORT: '70000' }, 'PORT: expected a port number from 0 to 65535'],
    [
      { DATABASE_URL: 'mysql://localhost/app' },
      'DATABASE_URL: expected a postgres:// connection URL',
    ],
    [{ DATABASE_URL: 'localhost:5432' }, 'DATABASE_URL: expected a postgres:// connection URL'],
    [
      { ADMIN_EMAIL: 'owner@example.com' },
      'ADMIN_PASSWORD: expected ADMIN_EMAIL and ADMIN_PASSWORD to be set together',
    ],
    [
      { ADMIN_PASSWORD: 'Owner-pass1' },
      'ADMIN_PASSWORD: expected ADMIN_EMAIL and ADMIN_PASSWORD to be set together',
    ],
    [
      { ADMIN_EMAIL: 'owner', ADMIN_PASSWORD: 'Owner-pass1' },
      'ADMIN_EMAIL: expected an email address',
    ],
    [{ AUTH_SECRET: 'too-short' }, 'AUTH_SECRET: expected at least 32 characters'],
    [{ APP_URL: 'courses.example.com' }, 'APP_URL: expected an absolute URL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY: expected true or false'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL: expected an smtp:// or smtps:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: '],
  ])('%o', (environment, message) => {
    expect(problemWith(environment)).toContain(`\n  ${message}`);
  });

  it('lists every bad variable at once', () => {
    const message = problemWith({ PORT: 'abc', AUTH_SECRET: 'short', TRUST_PROXY: '1' });
    expect(message).toMatch(/^Invalid configuration:\n/);
    expect(message).toContain('PORT:');
    expect(message).toContain('AUTH_SECRET:');
    expect(message).toContain('TRUST_PROXY:');
  });
});

describe('defaults, as the README says', () => {
  it('serves on port 3000 at http://localhost:3000 with the data in ./data', () => {
    const config = loadConfig({ AUTH_SECRET });
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      admin: undefined,
      trustProxy: false,
      stripe: { secretKey: undefined, webhookSecret: undefined, apiBase: undefined },
      openai: { apiKey: undefined, baseUrl: undefined, model: 'gpt-4o-mini' },
      vimeo: { accessToken: undefined, apiBase: 'https://api.vimeo.com' },
      communityUrl: undefined,
      mail: { smtpUrl: undefined, from: 'Sovereign Flame <no-reply@localhost>' },
      logLevel: 'info',
    });
  });

  it('takes APP_URL from PORT unless it is set, without a trailing slash', () => {
    expect(loadConfig({ AUTH_SECRET, PORT: '4000' }).appUrl).toBe('http://localhost:4000');
    expect(loadConfig({ AUTH_SECRET, APP_URL: 'https://courses.example.com/' }).appUrl).toBe(
      'https://courses.example.com',
    );
  });

  it('treats an empty value as unset, as in a copied .env.example', () => {
    const config = loadConfig({ AUTH_SECRET, PORT: '', DATABASE_URL: '', SMTP_URL: ' ' });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined });
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it('generates AUTH_SECRET into DATA_DIR once and keeps it, readable by the owner only', () => {
    const directory = temporaryDataDir();
    const first = loadConfig({ DATA_DIR: directory }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: directory }).authSecret).toBe(first);
    expect(statSync(path.join(directory, 'auth-secret')).mode & 0o777).toBe(0o600);
  });

  it('keeps the admin email in lower case', () => {
    expect(
      loadConfig({ AUTH_SECRET, ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'Owner-pass1' })
        .admin,
    ).toEqual({ email: 'owner@example.com', password: 'Owner-pass1' });
  });
});

describeServerProcesses('npm start with a bad value', () => {
  it('prints what is wrong and exits non-zero', async () => {
    const server = spawnServer(temporaryDataDir(), { PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration:\n  PORT: expected a port number');
  });
});
