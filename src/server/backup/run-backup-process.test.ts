import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { runBackupProcess, type BackupRequest } from './run-backup-process.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'sf-backup-process-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A stand-in for backup-process.ts: `body` runs with the request it was handed. */
function entry(name: string, body: string): string {
  const file = path.join(folder, `${name}.mjs`);
  writeFileSync(file, `process.once('message', async (request) => { ${body} });\n`);
  return file;
}

const request: BackupRequest = {
  databaseUrl: 'postgres://nowhere.invalid/none',
  backup: loadConfig({ DATA_DIR: folder }).backup,
  dueAt: '2026-11-28T03:00:00.000Z',
  encryptedColumns: [{ table: 'lesson_reflections', column: 'response' }],
};

describe('runBackupProcess', () => {
  it('hands the request to a process of its own and answers its pid once it exits 0', async () => {
    const received = entry(
      'received',
      `process.exit(request.dueAt === '${request.dueAt}' && request.encryptedColumns.length === 1 ? 0 : 2);`,
    );
    const pid = await runBackupProcess(request, { timeLimitMs: 30_000, entry: received });
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
  });

  it("fails with the process's exit code and the last line it wrote to stderr", async () => {
    const failing = entry(
      'failing',
      `process.stderr.write('connecting\\nENOSPC: no space left on device\\n', () => process.exit(1));`,
    );
    await expect(
      runBackupProcess(request, { timeLimitMs: 30_000, entry: failing }),
    ).rejects.toThrow('The backup process ended with exit code 1: ENOSPC: no space left on device');
  });

  it('stops a process that runs past its time limit', async () => {
    const stuck = entry('stuck', `setInterval(() => {}, 1000);`);
    await expect(runBackupProcess(request, { timeLimitMs: 300, entry: stuck })).rejects.toThrow(
      /^The backup process was stopped after 0.3 s$/,
    );
  });
});
