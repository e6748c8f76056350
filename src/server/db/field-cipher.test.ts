import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createFieldCipher } from './field-cipher.ts';

const key = [
  'user-1',
  'energy-sovereignty',
  'reclaiming-your-field',
  'noticing-your-leaks',
  'where-energy-goes',
];

describe('the field cipher', () => {
  const cipher = createFieldCipher(randomBytes(32));

  it('round-trips text, with a fresh nonce each time', () => {
    const text = 'Où va mon énergie ? 🔥 Into other people’s storms.';
    const first = cipher.encrypt(text, key);
    expect(cipher.decrypt(first, key)).toBe(text);
    expect(cipher.encrypt(text, key)).not.toBe(first);
  });

  it('refuses text moved to another learner or prompt, or altered', () => {
    const envelope = cipher.encrypt('mine', key);
    expect(() => cipher.decrypt(envelope, ['user-2', ...key.slice(1)])).toThrow();
    expect(() => cipher.decrypt(envelope, [...key.slice(0, 4), 'other'])).toThrow();
    const [version, iv, tag, body] = envelope.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() =>
      cipher.decrypt([version, iv, tag, flipped.toString('base64url')].join('.'), key),
    ).toThrow();
  });

  it('refuses a shortened authentication tag, which would be easier to forge', () => {
    const envelope = cipher.encrypt('mine', key);
    const [version, iv, tag, body] = envelope.split('.');
    const short = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => cipher.decrypt([version, iv, short, body].join('.'), key)).toThrow(
      'Unreadable encrypted field.',
    );
  });

  it('refuses another key', () => {
    const envelope = cipher.encrypt('mine', key);
    expect(() => createFieldCipher(randomBytes(32)).decrypt(envelope, key)).toThrow();
    expect(() => createFieldCipher(randomBytes(16))).toThrow();
  });
});

describe('the reflection key', () => {
  it('is generated once into DATA_DIR when unset, readable only by the app', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-key-'));
    try {
      const first = loadConfig({ DATA_DIR: dataDir }).reflectionKey;
      expect(first).toHaveLength(32);
      expect(loadConfig({ DATA_DIR: dataDir }).reflectionKey.equals(first)).toBe(true);
      const file = path.join(dataDir, 'reflection-key');
      expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
      expect(statSync(file).mode & 0o077).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('comes from REFLECTION_ENCRYPTION_KEY, which must be 32 bytes in base64', () => {
    const key = randomBytes(32);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-key-'));
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        REFLECTION_ENCRYPTION_KEY: key.toString('base64'),
      });
      expect(config.reflectionKey.equals(key)).toBe(true);
      expect(() =>
        loadConfig({
          DATA_DIR: dataDir,
          REFLECTION_ENCRYPTION_KEY: randomBytes(16).toString('base64'),
        }),
      ).toThrow(/REFLECTION_ENCRYPTION_KEY: expected 32 bytes in base64/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
