import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { mailModes } from '../shared/api/mail.ts';
import { isTimeZone } from '../shared/rules/sessions.ts';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = (expected: string) =>
  optionalText.pipe(z.url({ message: `expected ${expected}` }).optional());

export const paymentModes = ['live', 'test'] as const;
export type PaymentMode = (typeof paymentModes)[number];
/** smtp sends; outbox keeps mail for admins to read; console also prints it to the log. */
export type MailMode = (typeof mailModes)[number];
export const logFormats = ['pretty', 'json'] as const;
export type LogFormat = (typeof logFormats)[number];
const positiveInteger = (fallback: number) =>
  optionalText.pipe(
    z.coerce
      .number<string | undefined>({ message: 'expected a whole number' })
      .int('expected a whole number')
      .min(1, 'expected a whole number of at least 1')
      .default(fallback),
  );

/** The words with a safety response (one concern's help): a pointer to findahelpline.com by default. */
const helplineText = (fallback: string) =>
  z.string().trim().min(1).max(500, 'expected at most 500 characters').default(fallback);
const helplineUrl = optionalText.pipe(
  z
    .string()
    .max(500, 'expected an https:// URL of at most 500 characters')
    .pipe(z.url({ protocol: /^https$/, message: 'expected an https:// URL' }))
    .default('https://findahelpline.com'),
);
const helplinePhone = optionalText.pipe(
  z
    .string()
    .max(30, 'expected a phone number of at most 30 characters')
    .regex(/^\+?[0-9][0-9 ()-]{1,28}$/, 'expected a phone number such as +44 116 123')
    .optional(),
);

const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ message: 'expected a port number' })
        .int('expected a port number')
        .min(0, 'expected a port number from 0 to 65535')
        .max(65535, 'expected a port number from 0 to 65535')
        .default(3000),
    ),
    HOST: z.string().default('0.0.0.0'),
    APP_URL: url('an absolute URL such as https://courses.example.com').refine(
      (value) => value === undefined || /^https?:\/\//.test(value),
      'expected an http:// or https:// address such as https://courses.example.com',
    ),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// connection URL')
        .optional(),
    ),
    AUTH_SECRET: optionalText.pipe(
      z.string().min(32, 'expected at least 32 characters').optional(),
    ),
    ADMIN_EMAIL: optionalText.pipe(z.email({ message: 'expected an email address' }).optional()),
    ADMIN_PASSWORD: optionalText,
    TRUST_PROXY: optionalText.pipe(
      z
        .string()
        .refine(isProxyTrust, {
          message:
            'expected the proxy addresses as CIDR ranges (10.0.0.0/8,::1/128), or a hop count (1)',
        })
        .optional(),
    ),
    PAYMENT_MODE: optionalText.pipe(
      z.enum(paymentModes, { message: 'expected live or test' }).optional(),
    ),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: url('the URL of a Stripe-compatible server'),
    STRIPE_TAX: optionalText.pipe(
      z.enum(['on', 'off'], { message: 'expected on or off' }).default('off'),
    ),
    PAYMENT_GRACE_DAYS: positiveInteger(7),
    TEST_CLOCK: optionalText.pipe(
      z.enum(['on', 'off'], { message: 'expected on or off' }).default('off'),
    ),
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: url('the base URL of an OpenAI-compatible API'),
    OPENAI_MODEL: optionalText.pipe(
      z.string().max(100, 'expected at most 100 characters').default('gpt-4o-mini'),
    ),
    OPENAI_PROVIDER_NAME: optionalText.pipe(
      z.string().max(100, 'expected at most 100 characters').optional(),
    ),
    OPENAI_MODERATION_MODEL: z.string().max(100).default('omni-moderation-latest'),
    COMPANION_HELPLINE_TEXT: helplineText(
      'You can find a free, confidential helpline in your country at https://findahelpline.com.',
    ),
    COMPANION_HELPLINE_URL: helplineUrl,
    COMPANION_HELPLINE_PHONE: helplinePhone,
    COMPANION_EATING_DISORDER_TEXT: helplineText(
      'You can find free, confidential support for eating disorders in your country at https://findahelpline.com.',
    ),
    COMPANION_EATING_DISORDER_URL: helplineUrl,
    COMPANION_EATING_DISORDER_PHONE: helplinePhone,
    COMPANION_HARM_FROM_OTHERS_TEXT: helplineText(
      'A free, confidential helpline for people hurt or threatened by someone close can help you plan how to stay safe. Find one in your country at https://findahelpline.com.',
    ),
    COMPANION_HARM_FROM_OTHERS_URL: helplineUrl,
    COMPANION_HARM_FROM_OTHERS_PHONE: helplinePhone,
    COMPANION_CHILD_HELPLINE_TEXT: helplineText(
      'You can talk to a children’s helpline for free, and they will listen. Find one where you live at https://findahelpline.com.',
    ),
    COMPANION_CHILD_HELPLINE_URL: helplineUrl,
    COMPANION_CHILD_HELPLINE_PHONE: helplinePhone,
    COMPANION_EMERGENCY_NUMBER: optionalText.pipe(
      z
        .string()
        .max(15, 'expected an emergency number of at most 15 characters')
        .regex(/^[0-9]{2,15}$/, 'expected an emergency number such as 112 or 911')
        .default('112'),
    ),
    COMPANION_SAFETY_ALERT_EMAIL: optionalText.pipe(
      z
        .string()
        .max(254, 'expected an email address of at most 254 characters')
        .pipe(z.email({ message: 'expected an email address' }))
        .optional(),
    ),
    COMPANION_REQUESTS_PER_MINUTE: positiveInteger(20),
    COMPANION_DAILY_TOKEN_LIMIT: positiveInteger(50_000),
    VIMEO_ACCESS_TOKEN: optionalText,
    VIMEO_API_BASE: url('the URL of a Vimeo-compatible API'),
    REFLECTION_ENCRYPTION_KEY: optionalText.pipe(
      z
        .string()
        .refine(
          (value) => Buffer.from(value, 'base64').length === 32,
          'expected 32 bytes in base64 (for example from: openssl rand -base64 32)',
        )
        .optional(),
    ),
    REFLECTION_ENCRYPTION_PREVIOUS_KEYS: optionalText.pipe(
      z
        .string()
        .max(1000, 'expected at most 20 keys')
        .refine(
          (value) =>
            value.split(',').every((key) => Buffer.from(key.trim(), 'base64').length === 32),
          'expected the earlier keys, comma-separated, each 32 bytes in base64',
        )
        .optional(),
    ),
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(32, 'expected at least 32 characters').max(200).optional(),
    ),
    COMMUNITY_URL: url('the absolute URL of the learner community'),
    SOCIAL_INSTAGRAM_URL: url('the absolute URL of the programme on Instagram'),
    SOCIAL_YOUTUBE_URL: url('the absolute URL of the programme on YouTube'),
    SOCIAL_FACEBOOK_URL: url('the absolute URL of the programme on Facebook'),
    CONTACT_EMAIL: optionalText.pipe(
      z
        .string()
        .max(254, 'expected an email address of at most 254 characters')
        .pipe(z.email({ message: 'expected an email address' }))
        .optional(),
    ),
    CREATOR_TIME_ZONE: z
      .string()
      .max(64, 'expected an IANA time zone such as Europe/London')
      .refine(isTimeZone, 'expected an IANA time zone such as Europe/London')
      .default('Europe/London'),
    SESSIONS_EMAIL: optionalText.pipe(
      z
        .string()
        .max(254, 'expected an email address of at most 254 characters')
        .pipe(z.email({ message: 'expected an email address' }))
        .optional(),
    ),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_MODE: optionalText.pipe(
      z.enum(mailModes, { message: 'expected smtp, outbox or console' }).optional(),
    ),
    MAIL_FROM: z.string().default('Sovereign Flame <no-reply@localhost>'),
    BACKUP_DIR: optionalText,
    BACKUP_EVERY: optionalText.pipe(
      z
        .string()
        .max(20, 'expected off, or hours or days such as 6h or 1d')
        .regex(/^(off|[1-9][0-9]{0,3}[hd])$/, 'expected off, or hours or days such as 6h or 1d')
        .optional(),
    ),
    BACKUP_KEEP: positiveInteger(7),
    BACKUP_PASSPHRASE: optionalText.pipe(
      z
        .string()
        .min(12, 'expected a passphrase of at least 12 characters')
        .max(1000, 'expected a passphrase of at most 1000 characters')
        .optional(),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_FORMAT: optionalText.pipe(
      z.enum(logFormats, { message: 'expected pretty or json' }).optional(),
    ),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'expected ADMIN_EMAIL and ADMIN_PASSWORD to be set together',
    path: ['ADMIN_PASSWORD'],
  })
  // Without webhooks, refunds, disputes and delayed payments would never reach the app.
  .refine((env) => !env.STRIPE_SECRET_KEY || Boolean(env.STRIPE_WEBHOOK_SECRET), {
    message: 'expected the signing secret of the Stripe webhook when STRIPE_SECRET_KEY is set',
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  // A missing secret never gives courses away: in production test mode is asked for by name.
  .refine((env) => paymentModeOf(env) !== undefined, {
    message:
      'expected STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET) in production, or PAYMENT_MODE=test to take no real payments',
    path: ['STRIPE_SECRET_KEY'],
  })
  // The movable clock takes test payments at any moment it is told: never where money is real.
  .refine(
    (env) =>
      env.TEST_CLOCK !== 'on' ||
      (env.NODE_ENV !== 'production' && !env.STRIPE_SECRET_KEY && paymentModeOf(env) === 'test'),
    {
      message:
        'expected TEST_CLOCK=on only in payment test mode outside production (no STRIPE_SECRET_KEY, NODE_ENV not production)',
      path: ['TEST_CLOCK'],
    },
  )
  .refine((env) => env.PAYMENT_MODE !== 'live' || Boolean(env.STRIPE_SECRET_KEY), {
    message: 'expected STRIPE_SECRET_KEY when PAYMENT_MODE is live',
    path: ['STRIPE_SECRET_KEY'],
  })
  .refine((env) => env.PAYMENT_MODE !== 'test' || !env.STRIPE_SECRET_KEY, {
    message: 'expected no STRIPE_SECRET_KEY when PAYMENT_MODE is test (unset one of them)',
    path: ['PAYMENT_MODE'],
  })
  // Without SMTP, mail reaches nobody: in production keeping it for the admins is asked for by name.
  .refine((env) => mailModeOf(env) !== undefined, {
    message:
      'expected SMTP_URL in production, or MAIL_MODE=outbox to keep mail for admins to read in the admin panel (Outbox) instead of sending it',
    path: ['SMTP_URL'],
  })
  .refine((env) => env.MAIL_MODE !== 'smtp' || Boolean(env.SMTP_URL), {
    message: 'expected SMTP_URL when MAIL_MODE is smtp',
    path: ['SMTP_URL'],
  })
  .refine((env) => env.MAIL_MODE === undefined || env.MAIL_MODE === 'smtp' || !env.SMTP_URL, {
    message: 'expected no SMTP_URL when MAIL_MODE is outbox or console (unset one of them)',
    path: ['MAIL_MODE'],
  })
  // The console prints reset and confirmation links: never into a production log.
  .refine((env) => env.NODE_ENV !== 'production' || env.MAIL_MODE !== 'console', {
    message: 'expected smtp or outbox in production: console prints sign-in links to the log',
    path: ['MAIL_MODE'],
  })
  // The site promises refunds on request: in production there is an address to ask at.
  .refine((env) => env.NODE_ENV !== 'production' || Boolean(env.CONTACT_EMAIL), {
    message:
      'expected in production: the address learners write to for refunds and privacy requests',
    path: ['CONTACT_EMAIL'],
  })
  // Each process would generate its own secret: sessions signed by one are refused by the others.
  .refine((env) => env.NODE_ENV !== 'production' || !env.DATABASE_URL || Boolean(env.AUTH_SECRET), {
    message:
      'expected in production with DATABASE_URL: the same secret (32+ characters, openssl rand -base64 32) on every app process, or sessions break across them (an earlier start kept one in DATA_DIR/auth-secret)',
    path: ['AUTH_SECRET'],
  })
  // A key generated next to the database would be lost, or leaked, with it: production names one.
  .refine(
    (env) =>
      env.NODE_ENV !== 'production' ||
      Boolean(env.REFLECTION_ENCRYPTION_KEY) ||
      existsSync(reflectionKeyFile(env.DATA_DIR)),
    {
      message:
        'expected in production: 32 bytes in base64 (openssl rand -base64 32), kept and backed up apart from the database',
      path: ['REFLECTION_ENCRYPTION_KEY'],
    },
  )
  // Keys and learners' words travel to these services: never in the clear across a network.
  .superRefine((env, context) => {
    if (env.NODE_ENV !== 'production') return;
    for (const name of serviceAddressVariables) {
      const address = env[name];
      if (address && !isSecureOrLoopback(address)) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message:
            'expected an https:// address in production (plain http only to this machine: localhost, 127.0.0.1 or ::1)',
        });
      }
    }
  });

const serviceAddressVariables = ['STRIPE_API_BASE', 'OPENAI_BASE_URL', 'VIMEO_API_BASE'] as const;

function isSecureOrLoopback(address: string): boolean {
  if (!URL.canParse(address)) return true; // already refused as not a URL
  const { protocol, hostname } = new URL(address);
  if (protocol === 'https:') return true;
  const isLoopback =
    hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
  return protocol === 'http:' && isLoopback;
}

interface PaymentEnvironment {
  NODE_ENV: string;
  PAYMENT_MODE?: PaymentMode | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
}

/** live with a Stripe key; test when asked for, or by default outside production. */
function paymentModeOf(env: PaymentEnvironment): PaymentMode | undefined {
  if (env.PAYMENT_MODE) return env.PAYMENT_MODE;
  if (env.STRIPE_SECRET_KEY) return 'live';
  return env.NODE_ENV === 'production' ? undefined : 'test';
}

interface MailEnvironment {
  NODE_ENV: string;
  MAIL_MODE?: MailMode | undefined;
  SMTP_URL?: string | undefined;
}

/** smtp with an SMTP_URL; without one, console outside production, outbox only when asked for. */
function mailModeOf(env: MailEnvironment): MailMode | undefined {
  if (env.MAIL_MODE) return env.MAIL_MODE;
  if (env.SMTP_URL) return 'smtp';
  return env.NODE_ENV === 'production' ? undefined : 'console';
}

const OPENAI_HOST = 'api.openai.com';

/** The host of a self-hosted or other compatible API; OpenAI for its own. */
function providerNameOf(baseUrl: string | undefined): string {
  const host = baseUrl ? new URL(baseUrl).host : OPENAI_HOST;
  return host === OPENAI_HOST ? 'OpenAI' : host;
}

/** BACKUP_EVERY: `off`, or a number of hours (6h) or days (1d). */
function backupHoursOf(every: string): number | undefined {
  if (every === 'off') return undefined;
  return Number(every.slice(0, -1)) * (every.endsWith('d') ? 24 : 1);
}

/** TRUST_PROXY: the proxies' addresses or CIDR ranges, comma-separated, or a hop count. */
function isProxyTrust(value: string): boolean {
  if (value === 'false' || /^\d{1,2}$/.test(value)) return true;
  return value.split(',').every((entry) => isAddressOrRange(entry.trim()));
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const maxPrefix = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix;
}

/** Fastify's trustProxy: a hop count, or the list of trusted addresses; off when unset. */
function proxyTrustOf(value: string | undefined): number | string[] | false {
  if (!value || value === 'false') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}

/**
 * How long the companion waits for the AI vendor, so a learner has the fallback within 15 s
 * whatever the vendor does (docs/decisions/016-bounded-waiting.md). Not read from the
 * environment; the tests shorten the cool-down.
 */
export const defaultAiLimits = {
  /** One attempt's wait for the response headers (the SDK's own timeout). */
  attemptTimeoutMs: 8_000,
  /** A quick retry for a 5xx or a reset connection, still inside the deadlines below. */
  maxRetries: 1,
  /** A JSON answer in full, or a stream's first chunk. */
  answerDeadlineMs: 10_000,
  /** Silence allowed between two chunks of a stream. */
  streamIdleMs: 5_000,
  /** A stream that keeps trickling is cut here. */
  streamDeadlineMs: 60_000,
  breaker: { failures: 3, coolDownMs: 60_000 },
  /** On shutdown, how long calls in flight may still finish before they are aborted. */
  closeGraceMs: 3_000,
};

export type Config = ReturnType<typeof resolveConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; the only reader of process.env. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return resolveConfig(parsed.data);
}

function resolveConfig(env: z.infer<typeof environmentSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const reflectionKey = reflectionKeyOf(env.REFLECTION_ENCRYPTION_KEY, dataDir);
  return {
    environment: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    authSecret: env.AUTH_SECRET ?? readOrCreateSecret(dataDir, 'auth-secret'),
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD }
        : undefined,
    trustProxy: proxyTrustOf(env.TRUST_PROXY),
    paymentMode: paymentModeOf(env)!,
    /** The end-to-end journeys move the clock (POST /api/admin/test-clock/tick): test mode only. */
    testClock: env.TEST_CLOCK === 'on',
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
      /** Stripe Tax computes the VAT in Checkout (automatic tax) instead of the creator's table. */
      tax: env.STRIPE_TAX === 'on',
      /** How long a subscription whose payment failed keeps its access while Stripe retries. */
      graceDays: env.PAYMENT_GRACE_DAYS,
    },
    openai: {
      apiKey: env.OPENAI_API_KEY,
      baseUrl: env.OPENAI_BASE_URL,
      model: env.OPENAI_MODEL,
      /** Named to the learner in the AI notice they accept before anything is sent. */
      providerName: env.OPENAI_PROVIDER_NAME ?? providerNameOf(env.OPENAI_BASE_URL),
      moderationModel: env.OPENAI_MODERATION_MODEL,
    },
    companion: {
      helplineText: env.COMPANION_HELPLINE_TEXT,
      helplineUrl: env.COMPANION_HELPLINE_URL,
      helplinePhone: env.COMPANION_HELPLINE_PHONE,
      /** Each concern's own help beside suicide and self-harm (the helpline above). */
      concernHelplines: {
        'eating-disorder': {
          text: env.COMPANION_EATING_DISORDER_TEXT,
          url: env.COMPANION_EATING_DISORDER_URL,
          phone: env.COMPANION_EATING_DISORDER_PHONE,
        },
        'harm-from-others': {
          text: env.COMPANION_HARM_FROM_OTHERS_TEXT,
          url: env.COMPANION_HARM_FROM_OTHERS_URL,
          phone: env.COMPANION_HARM_FROM_OTHERS_PHONE,
        },
        'child-abuse': {
          text: env.COMPANION_CHILD_HELPLINE_TEXT,
          url: env.COMPANION_CHILD_HELPLINE_URL,
          phone: env.COMPANION_CHILD_HELPLINE_PHONE,
        },
      },
      /** Offered whenever a concern has no helpline number, so no help card is a dead end. */
      emergencyNumber: env.COMPANION_EMERGENCY_NUMBER,
      /** The operator's opt-in: a mail (learner id and time only) when a safety response is shown. */
      safetyAlertEmail: env.COMPANION_SAFETY_ALERT_EMAIL,
      requestsPerMinute: env.COMPANION_REQUESTS_PER_MINUTE,
      dailyTokenLimit: env.COMPANION_DAILY_TOKEN_LIMIT,
    },
    vimeo: {
      accessToken: env.VIMEO_ACCESS_TOKEN,
      apiBase: (env.VIMEO_API_BASE ?? 'https://api.vimeo.com').replace(/\/$/, ''),
    },
    /** AES-256 key for reflections at rest; losing it loses every reflection. */
    reflectionKey: reflectionKey.key,
    /**
     * Where the key came from. A `generated` key is only kept (written to `reflectionKeyFile`)
     * once the start has seen that no stored value needs another (keys/check-reflection-key.ts).
     */
    reflectionKeyOrigin: reflectionKey.origin,
    reflectionKeyFile: reflectionKeyFile(dataDir),
    /** Keys being rotated away from: they read, never write (keys/reencrypt-rows.ts). */
    reflectionPreviousKeys: (env.REFLECTION_ENCRYPTION_PREVIOUS_KEYS ?? '')
      .split(',')
      .filter((key) => key.trim() !== '')
      .map((key) => Buffer.from(key.trim(), 'base64')),
    /**
     * OWASP ASVS: scrypt with N=2^15, r=8, p=3 (Better Auth's default is lighter). Never read
     * from the environment, so no setting can weaken it; only the tests' app is given a cheaper
     * one (testing/build-test-app.ts).
     */
    passwordHashing: { N: 2 ** 15, r: 8, p: 3 },
    aiLimits: defaultAiLimits,
    communityUrl: env.COMMUNITY_URL,
    /** The bearer token Prometheus reads /api/metrics with; metrics are off without it. */
    metricsToken: env.METRICS_TOKEN,
    /** The operator's address for refunds and privacy requests; shown on the site when set. */
    contactEmail: env.CONTACT_EMAIL,
    /** The programme's public profiles, linked from the landing page; none shown when unset. */
    socialProfiles: [
      { name: 'Instagram', href: env.SOCIAL_INSTAGRAM_URL },
      { name: 'YouTube', href: env.SOCIAL_YOUTUBE_URL },
      { name: 'Facebook', href: env.SOCIAL_FACEBOOK_URL },
    ].filter((profile): profile is { name: string; href: string } => profile.href !== undefined),
    sessions: {
      /** The zone the creator's opening hours and blocks are written in. */
      creatorTimeZone: env.CREATOR_TIME_ZONE,
      /** Where the creator's copies of booking mail go: SESSIONS_EMAIL, else CONTACT_EMAIL. */
      creatorEmail: env.SESSIONS_EMAIL ?? env.CONTACT_EMAIL,
    },
    mail: { mode: mailModeOf(env)!, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    /**
     * Every process works the queue. Never read from the environment: only the tests' app leaves
     * the jobs to be done when a test says (testing/build-test-app.ts), its movable clock.
     */
    jobs: { runWorkers: true },
    backup: {
      /** Where scheduled backups go, and `npm run backup` without a file name. */
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      /** Hours between scheduled backups; undefined when off (BACKUP_EVERY=off, or in tests). */
      everyHours: backupHoursOf(env.BACKUP_EVERY ?? (env.NODE_ENV === 'test' ? 'off' : '1d')),
      /** Scheduled backups kept; older ones are deleted after each success. */
      keep: env.BACKUP_KEEP,
      passphrase: env.BACKUP_PASSPHRASE,
    },
    logLevel: env.LOG_LEVEL,
    /** Short lines for a person at a terminal; JSON lines for a log collector, or when asked. */
    logFormat: env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    contentDir: path.resolve(import.meta.dirname, '../../content'),
    webDir: path.resolve(import.meta.dirname, '../../dist/web'),
  };
}

/**
 * Outside production, the reflection key is generated once into DATA_DIR; in production it comes
 * from REFLECTION_ENCRYPTION_KEY, or from the file an earlier start generated (so existing
 * installations keep reading their reflections).
 */
const REFLECTION_KEY_FILE = 'reflection-key';

function reflectionKeyFile(dataDir: string): string {
  return path.join(path.resolve(dataDir), REFLECTION_KEY_FILE);
}

type KeyOrigin = 'environment' | 'file' | 'generated';

function reflectionKeyOf(
  variable: string | undefined,
  dataDir: string,
): { key: Buffer; origin: KeyOrigin } {
  if (variable) return { key: Buffer.from(variable, 'base64'), origin: 'environment' };
  const file = reflectionKeyFile(dataDir);
  if (existsSync(file)) {
    return { key: Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'), origin: 'file' };
  }
  return { key: randomBytes(32), origin: 'generated' };
}

/** A secret generated once and kept in DATA_DIR, so restarts keep sessions valid. */
export function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
