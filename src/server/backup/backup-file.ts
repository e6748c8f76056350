import {
  createCipheriv,
  createDecipheriv,
  randomBytes,
  type DecipherGCM,
  scrypt as scryptCallback,
  type ScryptOptions,
} from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A backup file: gzip'd JSON lines, a header first, then each table (a line naming it and its
 * columns, a line per row: the values as PostgreSQL writes them as text), then an end line. With
 * BACKUP_PASSPHRASE the gzip'd stream is encrypted whole: MAGIC, scrypt salt, GCM nonce, the
 * ciphertext, the GCM tag last. The tag is known only at the end, so a restore loads inside one
 * transaction and commits only once the whole file has proved whole.
 */
export const BACKUP_FORMAT = 'sovereign-flame-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The last Drizzle migration applied to the database backed up (its tag, and its `when`). */
  schema: { migration: string | null; createdAt: number };
  /** Rows per table, in the order they follow (each table after those it refers to). */
  tables: Record<string, number>;
  /** What reads the encrypted columns: the key ids their values name, never a key. */
  keys: { keyIds: string[]; valuesWithoutKeyId: number };
  encrypted: boolean;
}

export type BackupLine =
  { table: string; columns: string[] } | { end: true; rows: number } | (string | null)[];

const MAGIC = Buffer.from('SFBACKUP-AES256GCM-SCRYPT-1\n');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/** OWASP's scrypt floor (N=2^17, r=8, p=1): a stolen file is slow to guess at. */
const SCRYPT: ScryptOptions = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };

export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(passphrase, salt, 32, SCRYPT, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Lines written to `file`; `close` finishes it (and its GCM tag). */
export interface BackupWriter {
  write: (line: BackupHeader | BackupLine) => Promise<void>;
  close: () => Promise<void>;
  abort: (error: Error) => Promise<void>;
}

export async function createBackupWriter(
  file: string,
  passphrase: string | undefined,
): Promise<BackupWriter> {
  const gzip = createGzip();
  const stages: (Transform | Writable)[] = [gzip];
  if (passphrase) stages.push(await encryptingStream(passphrase));
  stages.push(createWriteStream(file, { mode: 0o600 }));
  const done = pipeline(stages as [Transform, ...Writable[]]);
  done.catch(() => {}); // awaited by close/abort
  return {
    write: async (line) => {
      if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
    },
    close: async () => {
      gzip.end();
      await done;
    },
    abort: async (error) => {
      gzip.destroy(error);
      await done.catch(() => {});
    },
  };
}

async function encryptingStream(passphrase: string): Promise<Transform> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv);
  cipher.setAAD(MAGIC);
  let started = false;
  const start = (stream: Transform) => {
    if (!started) stream.push(Buffer.concat([MAGIC, salt, iv]));
    started = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      start(this);
      done(null, cipher.update(chunk));
    },
    flush(done) {
      start(this);
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/** Whether the file at `file` is encrypted, from its first bytes; refuses what is no backup. */
export async function isEncryptedBackup(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, MAGIC.length, 0);
    if (bytesRead >= MAGIC.length && start.equals(MAGIC)) return true;
    if (start.subarray(0, 2).equals(GZIP_MAGIC)) return false;
  } finally {
    await handle.close();
  }
  throw new BackupFileError(`${file} is not a backup made by npm run backup.`);
}

/**
 * The lines of a backup, header first. An encrypted one needs the passphrase it was written with;
 * a wrong passphrase, or a damaged or cut file, fails the reading (by the end at the latest).
 */
export async function* readBackup(
  file: string,
  passphrase: string | undefined,
): AsyncGenerator<BackupHeader | BackupLine> {
  const encrypted = await isEncryptedBackup(file);
  if (encrypted && !passphrase) {
    throw new BackupFileError(
      `${file} is encrypted: set BACKUP_PASSPHRASE to the passphrase it was taken with.`,
    );
  }
  const gunzip = createGunzip();
  const feeding = encrypted
    ? pipeline(createReadStream(file), decryptingStream(passphrase!), gunzip)
    : pipeline(createReadStream(file), gunzip);
  let failure: unknown;
  feeding.catch((error: unknown) => {
    failure = error;
  });
  const unreadable = (cause: unknown) =>
    new BackupFileError(
      encrypted
        ? `${file} could not be read: the BACKUP_PASSPHRASE is not the one it was taken with, or the file is damaged.`
        : `${file} could not be read: the file is damaged or incomplete (${(cause as Error).message}).`,
      { cause },
    );
  try {
    for await (const text of createInterface({ input: gunzip, crlfDelay: Infinity })) {
      yield JSON.parse(text) as BackupHeader | BackupLine;
    }
    await feeding;
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw unreadable(failure ?? error);
  } finally {
    gunzip.destroy();
  }
}

/** Reads MAGIC, salt and nonce, then holds back the last TAG_BYTES: the tag, checked at the end. */
function decryptingStream(passphrase: string): Transform {
  const preambleBytes = MAGIC.length + SALT_BYTES + IV_BYTES;
  let pending = Buffer.alloc(0);
  let decipher: DecipherGCM | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending = Buffer.concat([pending, chunk]);
      const begin = async () => {
        if (!decipher) {
          if (pending.length < preambleBytes + TAG_BYTES) return;
          const salt = pending.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
          const iv = pending.subarray(MAGIC.length + SALT_BYTES, preambleBytes);
          decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv);
          decipher.setAAD(MAGIC);
          pending = pending.subarray(preambleBytes);
        }
        const ready = pending.length - TAG_BYTES;
        if (ready > 0) {
          this.push(decipher.update(pending.subarray(0, ready)));
          pending = pending.subarray(ready);
        }
      };
      begin().then(() => done(), done);
    },
    flush(done) {
      try {
        if (!decipher || pending.length !== TAG_BYTES) throw new Error('the file is cut short');
        decipher.setAuthTag(pending);
        done(null, decipher.final());
      } catch (error) {
        done(error as Error);
      }
    },
  });
}
