import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../shared/api/admin.ts';
import { loadConfig } from '../config.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createAdmin, type TestUser } from '../testing/users.ts';
import { BACKUP_QUEUE } from './scheduled-backups.ts';

const HOUR = 60 * 60 * 1000;
const metricsToken = 'a-metrics-token-of-at-least-thirty-two-chars';
const folder = mkdtempSync(path.join(tmpdir(), 'sf-scheduled-'));
const backupDir = path.join(folder, 'backups');

let test: TestApp;
let admin: TestUser;
beforeAll(async () => {
  test = await buildTestApp({
    BACKUP_DIR: backupDir,
    BACKUP_EVERY: '6h',
    BACKUP_KEEP: '2',
    METRICS_TOKEN: metricsToken,
  });
  admin = await createAdmin(test.app, test.db);
});
afterAll(async () => {
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

async function tickAndWork(at: Date): Promise<number> {
  await test.app.clock.tick(at);
  return test.app.jobs.workPending(BACKUP_QUEUE);
}

const overviewBackups = async () =>
  (await test.as(admin).get('/api/admin/overview')).json<Overview>().backups;

// Each backup starts a Node process of its own, here with the TypeScript loader: seconds each
// on a busy machine.
describe('scheduled backups', { timeout: 120_000 }, () => {
  it('takes one every BACKUP_EVERY, keeps the newest BACKUP_KEEP, and the overview shows the last', async () => {
    expect(await overviewBackups()).toEqual({
      everyHours: 6,
      keep: 2,
      lastSuccess: null,
      lastFailure: null,
    });
    const start = new Date('2026-11-27T03:00:00Z');
    expect(await tickAndWork(start)).toBe(1);
    expect(await tickAndWork(new Date(start.getTime() + 1 * HOUR))).toBe(0);
    expect(await tickAndWork(new Date(start.getTime() + 6 * HOUR))).toBe(1);
    expect(await tickAndWork(new Date(start.getTime() + 12 * HOUR))).toBe(1);
    expect(readdirSync(backupDir)).toEqual([
      'sovereign-flame-2026-11-27T09-00-00Z.backup',
      'sovereign-flame-2026-11-27T15-00-00Z.backup',
    ]);
    const backups = await overviewBackups();
    expect(backups.lastSuccess).toEqual({
      at: '2026-11-27T15:00:00.000Z',
      bytes: expect.any(Number),
    });
    expect(backups.lastFailure).toBeNull();
  });

  it('records a failure with its cause, for the overview, the metrics and the failed jobs', async () => {
    rmSync(backupDir, { recursive: true, force: true });
    writeFileSync(backupDir, 'a file where the folder should be');
    try {
      expect(await tickAndWork(new Date('2026-11-28T03:00:00Z'))).toBe(1);
    } finally {
      rmSync(backupDir, { force: true });
    }
    const backups = await overviewBackups();
    expect(backups.lastFailure).toEqual({
      at: '2026-11-28T03:00:00.000Z',
      error: expect.stringMatching(/EEXIST|ENOTDIR/),
    });
    expect(backups.lastSuccess?.at).toBe('2026-11-27T15:00:00.000Z');
    // Taken in a process of its own, whose exit code fails the job.
    expect(await test.app.jobs.listFailed()).toContainEqual(
      expect.objectContaining({
        queue: BACKUP_QUEUE,
        error: expect.stringMatching(
          /^The backup process ended with exit code 1: (EEXIST|ENOTDIR)/,
        ),
      }),
    );
    const metrics = await test.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(metrics.body).toContain(
      `backup_last_run_timestamp_seconds{status="succeeded"} ${Date.parse('2026-11-27T15:00:00Z') / 1000}`,
    );
    expect(metrics.body).toContain(
      `backup_last_run_timestamp_seconds{status="failed"} ${Date.parse('2026-11-28T03:00:00Z') / 1000}`,
    );
  });
});

describe('backup settings', () => {
  const settings = (environment: NodeJS.ProcessEnv) =>
    loadConfig({ DATA_DIR: folder, ...environment }).backup;

  it('back up daily into DATA_DIR/backups, keeping 7, unless told otherwise', () => {
    expect(settings({})).toMatchObject({
      dir: path.join(folder, 'backups'),
      everyHours: 24,
      keep: 7,
    });
    expect(settings({ BACKUP_EVERY: 'off' }).everyHours).toBeUndefined();
    expect(settings({ BACKUP_EVERY: '2d' }).everyHours).toBe(48);
  });

  it('refuse what they cannot follow, naming the variable and what is expected', () => {
    expect(() => settings({ BACKUP_EVERY: 'daily' })).toThrow(
      /BACKUP_EVERY: expected off, or hours or days such as 6h or 1d/,
    );
    expect(() => settings({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: expected a whole number/);
    expect(() => settings({ BACKUP_PASSPHRASE: 'short' })).toThrow(
      /BACKUP_PASSPHRASE: expected a passphrase of at least 12 characters/,
    );
  });
});
