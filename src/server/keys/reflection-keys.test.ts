import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { createFieldCipher, keyIdOf, type FieldCipher } from '../db/field-cipher.ts';
import { reflectionContext } from '../learning/reflections.ts';
import { buildTestApp, createTestDatabase, type TestApp } from '../testing/build-test-app.ts';
import { createUser } from '../testing/users.ts';
import { checkReflectionKey } from './check-reflection-key.ts';
import { reencryptRows } from './reencrypt-rows.ts';

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const lesson = { courseId: 'energy-sovereignty', moduleId: 'm', lessonId: 'l' };

function keyConfig(key: Buffer, origin: 'environment' | 'file' | 'generated', dataDir: string) {
  return {
    reflectionKey: key,
    reflectionKeyOrigin: origin,
    reflectionKeyFile: path.join(dataDir, 'reflection-key'),
  };
}

/** What a start before key ids wrote: the same envelope without its key id. */
function asV1(envelope: string): string {
  const [, , iv, tag, body] = envelope.split('.');
  return ['v1', iv, tag, body].join('.');
}

describe('the reflection key at start', () => {
  let test: TestApp;
  let userId: string;
  let dataDir: string;

  async function writeReflections(cipher: FieldCipher, count: number, wrap = (v: string) => v) {
    await test.pool.query('delete from lesson_reflections');
    for (let index = 0; index < count; index++) {
      const key = { userId, ...lesson, promptId: `p${index}` };
      await test.pool.query(
        `insert into lesson_reflections
           (user_id, course_id, module_id, module_name, lesson_id, lesson_name, prompt_id, question, response)
         values ($1, $2, $3, 'M', $4, 'L', $5, 'Q', $6)`,
        [
          userId,
          lesson.courseId,
          lesson.moduleId,
          lesson.lessonId,
          key.promptId,
          wrap(cipher.encrypt(`written ${index} – é`, reflectionContext(key))),
        ],
      );
    }
  }

  async function readAll(cipher: FieldCipher) {
    const { rows } = await test.pool.query<{ prompt_id: string; response: string }>(
      'select prompt_id, response from lesson_reflections order by prompt_id',
    );
    return rows.map((row) => ({
      envelope: row.response,
      text: cipher.decrypt(
        row.response,
        reflectionContext({ userId, ...lesson, promptId: row.prompt_id }),
      ),
    }));
  }

  beforeAll(async () => {
    test = await buildTestApp({ REFLECTION_ENCRYPTION_KEY: keyA.toString('base64') });
    userId = (await createUser(test.app)).id;
    dataDir = mkdtempSync(path.join(tmpdir(), 'sf-keys-'));
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with the key the rows were written with, and refuses another, naming the variable and the fix', async () => {
    await writeReflections(createFieldCipher(keyA), 1);
    await checkReflectionKey(
      test.pool,
      keyConfig(keyA, 'environment', dataDir),
      createFieldCipher(keyA),
    );

    const refusal = checkReflectionKey(
      test.pool,
      keyConfig(keyB, 'environment', dataDir),
      createFieldCipher(keyB),
    );
    await expect(refusal).rejects.toThrow(/from REFLECTION_ENCRYPTION_KEY, key id/);
    await expect(refusal).rejects.toThrow(
      new RegExp(`written with key ${keyIdOf(keyA)}.*To fix: set REFLECTION_ENCRYPTION_KEY`),
    );
  });

  it('tells a wrong key for rows written before key ids (v1) too', async () => {
    await writeReflections(createFieldCipher(keyA), 1, asV1);
    await expect(
      checkReflectionKey(test.pool, keyConfig(keyB, 'file', dataDir), createFieldCipher(keyB)),
    ).rejects.toThrow(/the key file .*reflection-key.*no configured key .* reads it.*To fix/);
  });

  it('never makes a key when encrypted rows exist: the start stops and says what to restore', async () => {
    await writeReflections(createFieldCipher(keyA), 1);
    await expect(
      checkReflectionKey(test.pool, keyConfig(keyB, 'generated', dataDir), createFieldCipher(keyB)),
    ).rejects.toThrow(
      /REFLECTION_ENCRYPTION_KEY is unset and .*reflection-key does not exist.*put the key file from your backup back/,
    );
    expect(existsSync(path.join(dataDir, 'reflection-key'))).toBe(false);
  });

  it('keeps a key it made only on a database with nothing encrypted, readable by the app alone', async () => {
    const empty = connectDatabase(await createTestDatabase());
    const ownDir = mkdtempSync(path.join(tmpdir(), 'sf-keys-'));
    try {
      const config = loadConfig({ DATA_DIR: ownDir });
      expect(config.reflectionKeyOrigin).toBe('generated');
      expect(existsSync(config.reflectionKeyFile)).toBe(false);
      await checkReflectionKey(empty.pool, config, createFieldCipher(config.reflectionKey));
      expect(statSync(config.reflectionKeyFile).mode & 0o077).toBe(0);
      const again = loadConfig({ DATA_DIR: ownDir });
      expect(again.reflectionKeyOrigin).toBe('file');
      expect(again.reflectionKey.equals(config.reflectionKey)).toBe(true);
      expect(readFileSync(config.reflectionKeyFile, 'utf8').trim()).toBe(
        config.reflectionKey.toString('base64'),
      );
    } finally {
      await empty.close();
      rmSync(ownDir, { recursive: true, force: true });
    }
  });

  it('re-encrypts rows written before key ids (v1) with the key id, in batches', async () => {
    const cipher = createFieldCipher(keyA);
    await writeReflections(cipher, 5, asV1);
    const result = await reencryptRows(test.pool, cipher, { batchSize: 2 });
    expect(result).toEqual({ reencrypted: 5, unreadable: 0 });
    const rows = await readAll(cipher);
    expect(rows.map((row) => row.text)).toEqual([0, 1, 2, 3, 4].map((i) => `written ${i} – é`));
    expect(rows.every((row) => row.envelope.startsWith(`v2.${keyIdOf(keyA)}.`))).toBe(true);
    expect(await reencryptRows(test.pool, cipher)).toEqual({ reencrypted: 0, unreadable: 0 });
  });

  it('rotates: with the old key kept as a previous key, every row moves to the new key', async () => {
    await writeReflections(createFieldCipher(keyA), 5);
    const rotating = createFieldCipher(keyB, [keyA]);
    expect(await reencryptRows(test.pool, rotating, { batchSize: 2 })).toEqual({
      reencrypted: 5,
      unreadable: 0,
    });
    const rows = await readAll(createFieldCipher(keyB));
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.envelope.startsWith(`v2.${keyIdOf(keyB)}.`))).toBe(true);
  });

  it('rotates while the app runs: the app reads both keys and writes the new one', async () => {
    await writeReflections(createFieldCipher(keyA), 1);
    const rotating = await buildTestApp({
      REFLECTION_ENCRYPTION_KEY: keyB.toString('base64'),
      REFLECTION_ENCRYPTION_PREVIOUS_KEYS: keyA.toString('base64'),
    });
    try {
      const [row] = (await test.pool.query('select response from lesson_reflections')).rows;
      const context = reflectionContext({ userId, ...lesson, promptId: 'p0' });
      expect(rotating.app.reflectionCipher.decrypt(row.response, context)).toBe('written 0 – é');
      expect(rotating.app.reflectionCipher.encrypt('new', context)).toMatch(
        new RegExp(`^v2\\.${keyIdOf(keyB)}\\.`),
      );
    } finally {
      await rotating.close();
    }
  });
});
