import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT,
  createBackupWriter,
  readBackup,
  type BackupHeader,
  type BackupLine,
} from './backup-file.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'sf-backup-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const header: BackupHeader = {
  format: BACKUP_FORMAT,
  formatVersion: 1,
  createdAt: '2026-11-27T03:00:00.000Z',
  schema: { migration: '0027_backup_runs', createdAt: 1 },
  tables: { users: 2 },
  keys: { keyIds: ['abcdEFGH'], valuesWithoutKeyId: 0 },
  encrypted: false,
};
const lines: BackupLine[] = [
  { table: 'users', columns: ['id', 'name'] },
  ['1', 'Maya – é\nsecond line'],
  ['2', null],
  { end: true, rows: 2 },
];

async function write(name: string, passphrase?: string) {
  const file = path.join(folder, name);
  const writer = await createBackupWriter(file, passphrase);
  for (const line of [header, ...lines]) await writer.write(line);
  await writer.close();
  return file;
}

async function readAll(file: string, passphrase?: string) {
  const read = [];
  for await (const line of readBackup(file, passphrase)) read.push(line);
  return read;
}

describe('the backup file', () => {
  it('reads back every line as written: the header first, values as text, nulls as null', async () => {
    const file = await write('plain.backup');
    expect(await readAll(file)).toEqual([header, ...lines]);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('with a passphrase, nothing of it is readable without that passphrase', async () => {
    const file = await write('encrypted.backup', 'correct horse battery staple');
    expect(readFileSync(file).includes('users')).toBe(false);
    expect(await readAll(file, 'correct horse battery staple')).toEqual([header, ...lines]);
    await expect(readAll(file)).rejects.toThrow(/is encrypted: set BACKUP_PASSPHRASE/);
    await expect(readAll(file, 'wrong horse battery staple')).rejects.toThrow(
      /BACKUP_PASSPHRASE is not the one it was taken with, or the file is damaged/,
    );
  });

  it('refuses a changed or cut encrypted file (the GCM tag) and a cut plain one', async () => {
    const encrypted = await write('tampered.backup', 'correct horse battery staple');
    const bytes = readFileSync(encrypted);
    bytes[bytes.length - 20]! ^= 1;
    writeFileSync(encrypted, bytes);
    await expect(readAll(encrypted, 'correct horse battery staple')).rejects.toThrow(
      /could not be read/,
    );
    const plain = await write('cut.backup');
    truncateSync(plain, readFileSync(plain).length - 8);
    await expect(readAll(plain)).rejects.toThrow(/damaged or incomplete/);
  });

  it('refuses a file that is no backup', async () => {
    const other = path.join(folder, 'notes.txt');
    writeFileSync(other, 'hello');
    await expect(readAll(other)).rejects.toThrow(/is not a backup made by npm run backup/);
  });
});
