import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// Ports can be moved (E2E_PORT_BASE) so that two checkouts can run their journeys at once.
const portBase = Number(process.env.E2E_PORT_BASE ?? 4170);
export const APP_PORT = portBase + 3;
/** A second app as a fresh install leaves it: no SMTP, no CONTACT_EMAIL, no admin. */
export const BARE_APP_PORT = portBase + 4;
export const FAKE_SMTP_PORT = portBase + 5;
export const FAKE_SMTP_HTTP_PORT = portBase + 6;
export const E2E_CONTACT_EMAIL = 'care@sovereign.test';
/** The one public profile the e2e operator configured; the others stay unset. */
export const E2E_YOUTUBE_URL = 'https://video.example/@sovereign-circle';
export const FAKE_OPENAI_PORT = portBase + 7;
/** An app of its own in Stripe mode against the local fake of Stripe (payment-grace.spec.ts). */
export const STRIPE_APP_PORT = portBase + 8;
/** A chat message containing this makes the local AI service fail, as in an outage. */
export const FAKE_OPENAI_OUTAGE = '[outage]';
/** The AI provider the notice names, which learners accept before anything is sent. */
export const E2E_AI_PROVIDER = 'Test AI Provider';
/** The operator's helpline number, shown to a learner at risk as a tel: link. */
export const E2E_HELPLINE_PHONE = '+44 800 000 0000';
export const E2E_ADMIN = { email: 'admin@sovereign.test', password: 'Admin-Flame-2026' };

/**
 * Debian's Chromium without its window machinery (package `chromium-headless-shell`), which
 * Playwright itself prefers for headless runs: the journeys took a fifth less time on 2 cores
 * than in the full browser. The full `chromium` stands in where it is not installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const journeyBrowser =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Also used by scripts/bench-web.ts, so the bench browses like the journeys. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${APP_PORT}`,
    // Recording a trace cost a fifth of the journeys' time on 2 cores: only a retry records one.
    trace: 'on-first-retry',
    // The service worker answers requests before page.route sees them: the journeys that fake a
    // failure would fake nothing. offline.spec.ts allows it, and tests it (decision 041).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: journeyBrowser,
      args: chromiumFlags,
    },
  },
  projects: [
    // The operator's first sign-in sets up two-factor sign-in; the journeys reuse that session.
    { name: 'admin-setup', testMatch: /admin\.setup\.ts/, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['admin-setup'],
      testIgnore: /site-settings\.spec\.ts|content-editor\.spec\.ts|paced-release\.spec\.ts/,
    },
    // A published course joins the bundle every other journey buys: the journeys that publish
    // one (the editor's, paced release's) run after them.
    {
      name: 'site-content',
      testMatch: /content-editor\.spec\.ts|paced-release\.spec\.ts/,
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['chromium'],
    },
    // Maintenance mode and the feature switches change the site for everyone: last, on their own.
    {
      name: 'site-settings',
      testMatch: /site-settings\.spec\.ts/,
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['site-content'],
    },
  ],
  webServer: [
    {
      command: 'npx tsx tests/support/fake-smtp-server.ts',
      env: {
        FAKE_SMTP_PORT: String(FAKE_SMTP_PORT),
        FAKE_SMTP_HTTP_PORT: String(FAKE_SMTP_HTTP_PORT),
      },
      url: `http://127.0.0.1:${FAKE_SMTP_HTTP_PORT}/`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'npx tsx src/server/testing/fake-openai-server.ts',
      env: { FAKE_OPENAI_PORT: String(FAKE_OPENAI_PORT), FAKE_OPENAI_FAIL_ON: FAKE_OPENAI_OUTAGE },
      url: `http://127.0.0.1:${FAKE_OPENAI_PORT}/requests`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'rm -rf data-e2e && exec node dist/server/main.js',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      url: `http://localhost:${APP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      env: {
        PORT: String(APP_PORT),
        APP_URL: `http://localhost:${APP_PORT}`,
        DATA_DIR: 'data-e2e',
        // The browser is the one hop in front of the app: each test picks its own address.
        TRUST_PROXY: '1',
        SMTP_URL: `smtp://127.0.0.1:${FAKE_SMTP_PORT}`,
        OPENAI_API_KEY: 'sk-fake-companion-key',
        OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`,
        OPENAI_PROVIDER_NAME: E2E_AI_PROVIDER,
        COMPANION_HELPLINE_PHONE: E2E_HELPLINE_PHONE,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        CONTACT_EMAIL: E2E_CONTACT_EMAIL,
        SOCIAL_YOUTUBE_URL: E2E_YOUTUBE_URL,
        // The journeys move the clock (POST /api/admin/test-clock/tick); refused in production.
        TEST_CLOCK: 'on',
      },
    },
    {
      command: 'rm -rf data-e2e-bare && exec node dist/server/main.js',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      url: `http://localhost:${BARE_APP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      env: {
        PORT: String(BARE_APP_PORT),
        APP_URL: `http://localhost:${BARE_APP_PORT}`,
        DATA_DIR: 'data-e2e-bare',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
