import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { findFreePort } from '../db/embedded-postgres.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';

describe('health', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ APP_URL: 'http://localhost' });
  });
  afterAll(async () => {
    await test.close();
  });

  it('keeps /api/health as it was, and answers /api/health/live', async () => {
    const health = await test.as(undefined).get('/api/health');
    expect(health.json()).toEqual({ status: 'ok', database: 'up', paymentMode: 'test' });
    expect((await test.as(undefined).get('/api/health/live')).json()).toEqual({ status: 'live' });
  });

  it('is ready when it can write, and not ready once writes fail', async () => {
    const ready = await test.as(undefined).get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      database: 'writable',
      disk: 'ok',
      mail: 'kept in the outbox',
      payments: 'test',
    });

    const admin = new pg.Client({ connectionString: test.pool.options.connectionString });
    await admin.connect();
    const { rows } = await admin.query<{ name: string }>('select current_database() as name');
    await admin.query(`alter database ${rows[0]!.name} set default_transaction_read_only = on`);
    // The pool's connections are replaced by read-only ones, as after a failing disk.
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    try {
      const failing = await test.as(undefined).get('/api/health/ready');
      expect(failing.statusCode).toBe(503);
      expect(failing.json()).toMatchObject({ status: 'not ready', database: 'failing' });
      expect((await test.as(undefined).get('/api/health/live')).statusCode).toBe(200);
    } finally {
      await admin.query(`alter database ${rows[0]!.name} reset default_transaction_read_only`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.end();
    }
  });

  it('is not ready when the SMTP server takes no connections', async () => {
    const closedPort = await findFreePort();
    const smtp = await buildTestApp({
      APP_URL: 'http://localhost',
      SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
    });
    try {
      const answer = await smtp.as(undefined).get('/api/health/ready');
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ database: 'writable', mail: 'unreachable' });
    } finally {
      await smtp.close();
    }
  });
});

describe('metrics', () => {
  const token = 'a-metrics-token-of-at-least-thirty-two-chars';
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ APP_URL: 'http://localhost', METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await test.close();
  });

  const scrape = (authorization?: string) =>
    test.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: authorization ? { authorization } : {},
    });

  it('counts requests by route template and status, for the bearer of METRICS_TOKEN', async () => {
    await test.as(undefined).get('/api/health/live');
    await test.as(undefined).get('/api/courses/no-such-course');
    const answer = await scrape(`Bearer ${token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/health\/live",status="200"\} \d+/,
    );
    expect(answer.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/courses\/:courseId"/,
    );
    expect(answer.body).toContain('http_request_duration_seconds_bucket');
    expect(answer.body).toContain('# TYPE companion_safety_events_total gauge');
    expect(answer.body).not.toContain('no-such-course');
  });

  it('counts the mail that failed after every retry, and the mail waiting to be sent', async () => {
    await test.pool.query(
      `insert into mail_outbox ("to", subject, text, status)
       values ('a@example.com', 'S', 'T', 'failed'), ('b@example.com', 'S', 'T', 'queued')`,
    );
    const { body } = await scrape(`Bearer ${token}`);
    expect(body).toContain('mail_outbox_messages{status="failed"} 1');
    expect(body).toContain('mail_outbox_messages{status="queued"} 1');
  });

  it('refuses a scraper without the token (401), and is off without the variable (404)', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${token.slice(1)}x`)).statusCode).toBe(401);
    expect((await scrape('Bearer ' + 'x'.repeat(5000))).statusCode).toBe(401);
    const off = await buildTestApp({ APP_URL: 'http://localhost' });
    try {
      const answer = await off.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
