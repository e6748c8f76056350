import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../src/server/backup/restore-backup.ts';
import { checkReflectionKey } from '../../src/server/keys/check-reflection-key.ts';
import { takeBackup } from '../../src/server/backup/take-backup.ts';
import { companionContext } from '../../src/server/companion/companion-cipher.ts';
import { savePicture } from '../../src/server/content/course-pictures.ts';
import {
  connectDatabase,
  migrateDatabase,
  readJournal,
  type DatabaseConnection,
} from '../../src/server/db/client.ts';
import { createFieldCipher, type FieldCipher } from '../../src/server/db/field-cipher.ts';
import { encryptedColumns, selectEncrypted } from '../../src/server/keys/encrypted-columns.ts';
import {
  buildTestApp,
  createEmptyDatabase,
  type TestApp,
} from '../../src/server/testing/build-test-app.ts';
import { createUser, type TestUser } from '../../src/server/testing/users.ts';

const LEARNERS = 6;
const AUTOSAVE_SECONDS = 2;
const key = randomBytes(32);
const otherKey = randomBytes(32);
const lesson = {
  courseId: 'energy-sovereignty',
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};
const prompts = ['most-sovereign-moment', 'what-is-asking-to-change'];

const keysOf = (secret: Buffer, dataDir: string) => ({
  reflectionKey: secret,
  reflectionKeyOrigin: 'environment' as const,
  reflectionKeyFile: path.join(dataDir, 'reflection-key'),
  reflectionPreviousKeys: [],
});

let source: TestApp;
let learners: TestUser[];
let folder: string;
const opened: DatabaseConnection[] = [];

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'sf-backup-'));
  source = await buildTestApp({ REFLECTION_ENCRYPTION_KEY: key.toString('base64') });
  learners = [];
  for (let index = 0; index < LEARNERS; index++) {
    const learner = await createUser(source.app);
    await buy(learner);
    await writeChat(source, learner);
    for (const promptId of prompts) await autosave(learner, promptId, `First words ${index} – é`);
    learners.push(learner);
  }
  // An uploaded course picture: bytes the restore must bring back identical.
  const picture = readFileSync('tests/support/media/course-picture.png');
  await savePicture(source.db, { id: 'admin', email: 'admin@example.com' }, picture);
});

afterAll(async () => {
  for (const connection of opened) await connection.close();
  await source?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the restore drill', () => {
  it('a backup taken while learners autosave restores whole: consistent, and every reflection readable', async () => {
    const file = path.join(folder, 'while-writing.backup');
    let writing = true;
    let saves = 0;
    const writers = learners.map(async (learner, index) => {
      while (writing) {
        const response = await autosave(learner, prompts[saves % 2]!, `Draft ${index}.${saves}`);
        expect(response.statusCode).toBe(200);
        saves += 1;
      }
    });
    const backup = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return takeBackup(source.pool, file, { encryptedColumns });
    })();
    const header = await backup;
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_SECONDS * 1000));
    writing = false;
    await Promise.all(writers);
    expect(saves).toBeGreaterThan(50);

    const restored = await emptyDatabase();
    await restoreBackup(restored.db, file, {
      checkKey: checkReflectionKey,
      keys: keysOf(key, folder),
    });
    for (const [table, count] of Object.entries(header.tables)) {
      expect({ table, rows: await countRows(restored.pool, table) }).toEqual({
        table,
        rows: count,
      });
    }
    expect(header.tables.lesson_reflections).toBe(LEARNERS * prompts.length);
    // Reflections and chats, and what the companion noted from them meanwhile.
    expect(
      await readEveryEncryptedValue(restored.pool, createFieldCipher(key)),
    ).toBeGreaterThanOrEqual(LEARNERS * (prompts.length + 2));
  });

  it('once writing stops, every row of every table restores identical, and the app reads it', async () => {
    const file = path.join(folder, 'quiet.backup');
    await takeBackup(source.pool, file, {
      encryptedColumns,
      passphrase: 'correct horse battery staple',
    });
    const restored = await emptyDatabase();
    await restoreBackup(restored.db, file, {
      checkKey: checkReflectionKey,
      passphrase: 'correct horse battery staple',
      keys: keysOf(key, folder),
    });
    const tables = await listTables(source.pool);
    expect(tables.length).toBeGreaterThan(30);
    for (const table of tables) {
      expect({ table, rows: await fingerprint(restored.pool, table) }).toEqual({
        table,
        rows: await fingerprint(source.pool, table),
      });
    }
    const { rows: next } = await restored.pool.query<{ id: number }>(
      `insert into mail_outbox ("to", subject, text) values ('a@example.com', 'S', 'T') returning id`,
    );
    const { rows: highest } = await source.pool.query<{ max: number }>(
      'select max(id) as max from mail_outbox',
    );
    expect(next[0]!.id).toBeGreaterThan(highest[0]!.max ?? 0);
  });

  it('refuses a wrong key, naming the variable to set, and leaves the database empty', async () => {
    const file = path.join(folder, 'keys.backup');
    await takeBackup(source.pool, file, { encryptedColumns });
    const restored = await emptyDatabase();
    await expect(
      restoreBackup(restored.db, file, {
        checkKey: checkReflectionKey,
        keys: keysOf(otherKey, folder),
      }),
    ).rejects.toThrow(/Set REFLECTION_ENCRYPTION_KEY to the key the backup was written with/);
    await expect(
      restoreBackup(restored.db, file, {
        checkKey: checkReflectionKey,
        keys: { ...keysOf(otherKey, folder), reflectionKeyOrigin: 'generated' },
      }),
    ).rejects.toThrow(/no reflection key is configured\. Set REFLECTION_ENCRYPTION_KEY/);
    const { rows } = await restored.pool.query(
      `select 1 from pg_tables where schemaname = 'public'`,
    );
    expect(rows).toHaveLength(0);
  });

  it('brings an empty database to a backup’s older schema version first, then the rest', async () => {
    const target = await emptyDatabase();
    const applied = async () =>
      (
        await target.pool.query<{ count: number }>(
          'select count(*)::int as count from drizzle.__drizzle_migrations',
        )
      ).rows[0]!.count;
    const { entries } = readJournal();
    const older = await migrateDatabase(target.db, { through: entries[5]!.tag });
    expect(older.version).toBe(entries[5]!.tag);
    expect(await applied()).toBe(6);
    const newest = await migrateDatabase(target.db);
    expect(newest.applied).toEqual(entries.slice(6).map((entry) => entry.tag));
    expect(await applied()).toBe(entries.length);
  });

  it('refuses a database that holds data, saying where to restore instead', async () => {
    const file = path.join(folder, 'twice.backup');
    await takeBackup(source.pool, file, { encryptedColumns });
    await expect(
      restoreBackup(source.db, file, {
        checkKey: checkReflectionKey,
        keys: keysOf(key, folder),
      }),
    ).rejects.toThrow(/already holds data \(in .*\): a restore goes only into an empty database/);
  });
});

async function buy(learner: TestUser): Promise<void> {
  const client = source.as(learner);
  const started = await client.post('/api/create-checkout-session', {
    lineItems: [{ price: lesson.courseId, quantity: 1 }],
    customerEmail: learner.email,
    mode: 'payment',
    metadata: { isBundle: 'false', customerName: 'Maya Stone' },
  });
  expect(started.statusCode).toBe(200);
  const paid = await client.post(
    `/api/checkout/test-sessions/${started.json<{ id: string }>().id}/pay`,
    {},
  );
  expect(paid.statusCode).toBeLessThan(400);
}

function autosave(learner: TestUser, promptId: string, response: string) {
  return source.as(learner).put('/api/learning/reflections', { ...lesson, promptId, response });
}

async function writeChat(app: TestApp, learner: TestUser): Promise<void> {
  const context = companionContext({
    userId: learner.id,
    courseId: lesson.courseId,
    kind: 'message',
  });
  for (const [sender, text] of [
    ['user', 'I felt lighter today.'],
    ['ai', 'What made it lighter?'],
  ] as const) {
    await app.pool.query(
      `insert into companion_messages (user_id, course_id, sender, content) values ($1, $2, $3, $4)`,
      [learner.id, lesson.courseId, sender, app.app.reflectionCipher.encrypt(text, context)],
    );
  }
}

async function emptyDatabase(): Promise<DatabaseConnection> {
  const connection = connectDatabase(await createEmptyDatabase());
  opened.push(connection);
  return connection;
}

async function listTables(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ tablename: string }>(
    `select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => row.tablename);
}

async function countRows(pool: pg.Pool, table: string): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(
    `select count(*)::int as count from "${table}"`,
  );
  return rows[0]!.count;
}

/** Every row of a table as text, in order, digested. */
async function fingerprint(pool: pg.Pool, table: string) {
  const { rows } = await pool.query<{ rows: number; digest: string }>(
    `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest
       from "${table}" t`,
  );
  return rows[0];
}

/** Decrypts every stored encrypted value; answers how many there are. */
async function readEveryEncryptedValue(pool: pg.Pool, cipher: FieldCipher): Promise<number> {
  let read = 0;
  for (const column of encryptedColumns) {
    const { rows } = await pool.query<Record<string, string>>(selectEncrypted(column));
    for (const row of rows) {
      expect(cipher.decrypt(row.value!, column.contextOf(row))).toBeTruthy();
      read += 1;
    }
  }
  return read;
}
