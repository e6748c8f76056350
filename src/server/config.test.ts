import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { describeServerProcesses, spawnServer } from './testing/server-process.ts';

const AUTH_SECRET = 'a-secret-of-at-least-thirty-two-characters';
const REFLECTION_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
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
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY: expected the proxy addresses as CIDR ranges'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: expected the proxy addresses as CIDR ranges'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY: expected the proxy addresses as CIDR ranges'],
    [{ PAYMENT_MODE: 'free' }, 'PAYMENT_MODE: expected live or test'],
    [{ PAYMENT_MODE: 'live' }, 'STRIPE_SECRET_KEY: expected STRIPE_SECRET_KEY when PAYMENT_MODE'],
    [
      { PAYMENT_MODE: 'test', STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' },
      'PAYMENT_MODE: expected no STRIPE_SECRET_KEY when PAYMENT_MODE is test',
    ],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL: expected an smtp:// or smtps:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: '],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT: expected pretty or json'],
    [{ MAIL_MODE: 'pigeon' }, 'MAIL_MODE: expected smtp, outbox or console'],
    [{ MAIL_MODE: 'smtp' }, 'SMTP_URL: expected SMTP_URL when MAIL_MODE is smtp'],
    [
      { MAIL_MODE: 'outbox', SMTP_URL: 'smtp://mail.example.com' },
      'MAIL_MODE: expected no SMTP_URL when MAIL_MODE is outbox or console',
    ],
    [
      { OPENAI_PROVIDER_NAME: 'x'.repeat(101) },
      'OPENAI_PROVIDER_NAME: expected at most 100 characters',
    ],
  ])('%o', (environment, message) => {
    expect(problemWith(environment)).toContain(`\n  ${message}`);
  });

  it('lists every bad variable at once', () => {
    const message = problemWith({ PORT: 'abc', AUTH_SECRET: 'short', TRUST_PROXY: 'on' });
    expect(message).toMatch(/^Invalid configuration:\n/);
    expect(message).toContain('PORT:');
    expect(message).toContain('AUTH_SECRET:');
    expect(message).toContain('TRUST_PROXY:');
  });
});

describe('defaults, as the README says', () => {
  it('hashes passwords with scrypt at N=2^15, r=8, p=3 (OWASP ASVS)', () => {
    const config = loadConfig({ AUTH_SECRET, DATA_DIR: temporaryDataDir() });
    expect(config.passwordHashing).toEqual({ N: 2 ** 15, r: 8, p: 3 });
  });

  it('serves on port 3000 at http://localhost:3000 with the data in ./data', () => {
    const config = loadConfig({ AUTH_SECRET });
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      admin: undefined,
      trustProxy: false,
      paymentMode: 'test',
      stripe: { secretKey: undefined, webhookSecret: undefined, apiBase: undefined },
      openai: { apiKey: undefined, baseUrl: undefined, model: 'gpt-4o-mini' },
      vimeo: { accessToken: undefined, apiBase: 'https://api.vimeo.com' },
      communityUrl: undefined,
      mail: {
        mode: 'console',
        smtpUrl: undefined,
        from: 'Sovereign Flame <no-reply@localhost>',
      },
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

  it('names the AI provider for the notice: OpenAI, the host of another API, or as set', () => {
    const providerOf = (environment: NodeJS.ProcessEnv) =>
      loadConfig({ AUTH_SECRET, ...environment }).openai.providerName;
    expect(providerOf({})).toBe('OpenAI');
    expect(providerOf({ OPENAI_BASE_URL: 'https://api.openai.com/v1' })).toBe('OpenAI');
    expect(providerOf({ OPENAI_BASE_URL: 'http://llm.internal:8080/v1' })).toBe(
      'llm.internal:8080',
    );
    expect(
      providerOf({ OPENAI_BASE_URL: 'https://example.net/v1', OPENAI_PROVIDER_NAME: 'Mistral AI' }),
    ).toBe('Mistral AI');
  });

  it('keeps the admin email in lower case', () => {
    expect(
      loadConfig({ AUTH_SECRET, ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'Owner-pass1' })
        .admin,
    ).toEqual({ email: 'owner@example.com', password: 'Owner-pass1' });
  });
});

describe('the movable clock of the end-to-end journeys (TEST_CLOCK)', () => {
  it('is on only when asked for, in payment test mode outside production', () => {
    expect(loadConfig({ AUTH_SECRET }).testClock).toBe(false);
    expect(loadConfig({ AUTH_SECRET, TEST_CLOCK: 'on' }).testClock).toBe(true);
  });

  it('refuses to start with it in production, even in payment test mode, or with Stripe keys', () => {
    const production = {
      AUTH_SECRET,
      NODE_ENV: 'production',
      PAYMENT_MODE: 'test',
      REFLECTION_ENCRYPTION_KEY,
      CONTACT_EMAIL: 'care@example.com',
      MAIL_MODE: 'outbox',
    };
    expect(() => loadConfig(production)).not.toThrow();
    expect(() => loadConfig({ ...production, TEST_CLOCK: 'on' })).toThrow(/TEST_CLOCK/);
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => loadConfig({ AUTH_SECRET, ...stripe, TEST_CLOCK: 'on' })).toThrow(/TEST_CLOCK/);
  });
});

describe('production', () => {
  const production = {
    NODE_ENV: 'production',
    PAYMENT_MODE: 'test',
    REFLECTION_ENCRYPTION_KEY,
    CONTACT_EMAIL: 'care@example.com',
    MAIL_MODE: 'outbox',
  };

  it('refuses to start without SMTP unless the outbox is asked for by name', () => {
    const { MAIL_MODE: _, ...withoutMail } = production;
    expect(problemWith(withoutMail)).toContain(
      '\n  SMTP_URL: expected SMTP_URL in production, or MAIL_MODE=outbox to keep mail for admins',
    );
    expect(loadConfig({ AUTH_SECRET, ...production }).mail.mode).toBe('outbox');
    expect(
      loadConfig({ AUTH_SECRET, ...withoutMail, SMTP_URL: 'smtps://mail.example.com' }).mail.mode,
    ).toBe('smtp');
  });

  it('never prints mail, links included, to a production log', () => {
    expect(problemWith({ ...production, MAIL_MODE: 'console' })).toContain(
      '\n  MAIL_MODE: expected smtp or outbox in production',
    );
  });

  it('refuses to start on a shared DATABASE_URL without AUTH_SECRET, which every process must share', () => {
    const shared = { ...production, DATABASE_URL: 'postgres://app@db.example.com/app' };
    let message = '';
    try {
      loadConfig(shared);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(
      '\n  AUTH_SECRET: expected in production with DATABASE_URL: the same secret (32+ characters',
    );
    expect(loadConfig({ ...shared, AUTH_SECRET }).authSecret).toBe(AUTH_SECRET);
  });

  it('refuses to start without CONTACT_EMAIL: the refund promise needs an address', () => {
    expect(problemWith({ ...production, CONTACT_EMAIL: '' })).toContain(
      '\n  CONTACT_EMAIL: expected in production: the address learners write to for refunds',
    );
  });
});

describe('mail outside production', () => {
  it('is printed to the log without SMTP, sent with it', () => {
    expect(loadConfig({ AUTH_SECRET }).mail.mode).toBe('console');
    expect(loadConfig({ AUTH_SECRET, SMTP_URL: 'smtp://127.0.0.1:25' }).mail.mode).toBe('smtp');
    expect(loadConfig({ AUTH_SECRET, MAIL_MODE: 'outbox' }).mail.mode).toBe('outbox');
  });
});

describe('the log format', () => {
  it('is JSON when asked for, short lines when asked for', () => {
    expect(loadConfig({ AUTH_SECRET, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ AUTH_SECRET, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });
});

describe('the payment mode', () => {
  it('refuses to start in production without a Stripe key unless test mode is asked for', () => {
    expect(problemWith({ NODE_ENV: 'production' })).toContain(
      '\n  STRIPE_SECRET_KEY: expected STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET) in production, or PAYMENT_MODE=test',
    );
    expect(problemWith({ NODE_ENV: 'production', STRIPE_SECRET_KEY: ' ' })).toContain(
      'PAYMENT_MODE=test',
    );
  });

  it('is test when asked for in production, live with a Stripe key, test by default elsewhere', () => {
    const production = {
      NODE_ENV: 'production',
      REFLECTION_ENCRYPTION_KEY,
      CONTACT_EMAIL: 'care@example.com',
      MAIL_MODE: 'outbox',
    };
    expect(loadConfig({ AUTH_SECRET, ...production, PAYMENT_MODE: 'test' })).toMatchObject({
      paymentMode: 'test',
    });
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig({ AUTH_SECRET, ...production, ...stripe }).paymentMode).toBe('live');
    expect(loadConfig({ AUTH_SECRET, NODE_ENV: 'development' }).paymentMode).toBe('test');
  });
});

describe('the addresses of Stripe, the AI service and Vimeo', () => {
  const production = {
    NODE_ENV: 'production',
    PAYMENT_MODE: 'test',
    REFLECTION_ENCRYPTION_KEY,
    CONTACT_EMAIL: 'care@example.com',
    MAIL_MODE: 'outbox',
    DATA_DIR: '',
  };

  it.each(['STRIPE_API_BASE', 'OPENAI_BASE_URL', 'VIMEO_API_BASE'])(
    'refuse plain http to another host in production, naming %s',
    (name) => {
      production.DATA_DIR = temporaryDataDir();
      expect(problemWith({ ...production, [name]: 'http://169.254.169.254/v1' })).toContain(
        `\n  ${name}: expected an https:// address in production`,
      );
      for (const address of [
        'https://api.example.com/v1',
        'http://127.0.0.1:8080',
        'http://[::1]:9',
      ]) {
        expect(() => loadConfig({ AUTH_SECRET, ...production, [name]: address })).not.toThrow();
      }
      expect(() =>
        loadConfig({ AUTH_SECRET, DATA_DIR: production.DATA_DIR, [name]: 'http://10.0.0.1' }),
      ).not.toThrow();
    },
  );
});

describe('TRUST_PROXY', () => {
  it('takes the proxies as addresses and CIDR ranges, or a hop count; never every hop', () => {
    expect(loadConfig({ AUTH_SECRET, TRUST_PROXY: '10.0.0.0/8, ::1/128' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1/128',
    ]);
    expect(loadConfig({ AUTH_SECRET, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ AUTH_SECRET, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});

describeServerProcesses('npm start with a bad value', () => {
  it('prints what is wrong and exits non-zero', async () => {
    const server = spawnServer(temporaryDataDir(), { PORT: 'abc' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration:\n  PORT: expected a port number');
  });
});
