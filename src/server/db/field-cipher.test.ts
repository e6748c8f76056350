import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

  it('never repeats a nonce, across the draws of nonces from the random source', () => {
    const nonces = Array.from({ length: 2500 }, () => cipher.encrypt('same', key).split('.')[2]);
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(Buffer.from(nonces[0]!, 'base64url')).toHaveLength(12);
  });

  it('refuses text moved to another learner or prompt, or altered', () => {
    const envelope = cipher.encrypt('mine', key);
    expect(() => cipher.decrypt(envelope, ['user-2', ...key.slice(1)])).toThrow();
    expect(() => cipher.decrypt(envelope, [...key.slice(0, 4), 'other'])).toThrow();
    const [version, keyId, iv, tag, body] = envelope.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() =>
      cipher.decrypt([version, keyId, iv, tag, flipped.toString('base64url')].join('.'), key),
    ).toThrow();
  });

  it('refuses a shortened authentication tag, which would be easier to forge', () => {
    const envelope = cipher.encrypt('mine', key);
    const [version, keyId, iv, tag, body] = envelope.split('.');
    const short = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => cipher.decrypt([version, keyId, iv, short, body].join('.'), key)).toThrow(
      'Unreadable encrypted field.',
    );
  });

  it('names the key a value was written with, and refuses another key naming both', () => {
    const envelope = cipher.encrypt('mine', key);
    expect(envelope).toMatch(/^v2\.[\w-]{8}\./);
    const writtenWith = envelope.split('.')[1];
    expect(() => createFieldCipher(randomBytes(32)).decrypt(envelope, key)).toThrow(
      new RegExp(`written with key ${writtenWith}, the configured key is [\\w-]{8}`),
    );
    expect(() => createFieldCipher(randomBytes(16))).toThrow();
  });

  it('still reads what was written before key ids (v1), and only with its key', () => {
    const secret = randomBytes(32);
    const iv = randomBytes(12);
    const earlier = createCipheriv('aes-256-gcm', secret, iv, { authTagLength: 16 });
    earlier.setAAD(Buffer.from(key.join('\u0000'), 'utf8'));
    const body = Buffer.concat([earlier.update('written last year', 'utf8'), earlier.final()]);
    const envelope = ['v1', iv, earlier.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
    expect(createFieldCipher(secret).decrypt(envelope, key)).toBe('written last year');
    expect(() => createFieldCipher(randomBytes(32)).decrypt(envelope, key)).toThrow(
      /written before keys were named \(v1\)/,
    );
    expect(createFieldCipher(randomBytes(32), [secret]).decrypt(envelope, key)).toBe(
      'written last year',
    );
  });

  it('reads values of a previous key, and writes only with the current one', () => {
    const old = randomBytes(32);
    const written = createFieldCipher(old).encrypt('before the rotation', key);
    const rotating = createFieldCipher(randomBytes(32), [old]);
    expect(rotating.decrypt(written, key)).toBe('before the rotation');
    expect(written.startsWith(rotating.currentPrefix)).toBe(false);
    expect(rotating.encrypt('after', key).startsWith(rotating.currentPrefix)).toBe(true);
  });
});

describe('the reflection key', () => {
  it('is made when unset, but not written: the start keeps it only on an empty database', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-key-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(config.reflectionKey).toHaveLength(32);
      expect(config.reflectionKeyOrigin).toBe('generated');
      expect(existsSync(path.join(dataDir, 'reflection-key'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('in production, is never generated: the start stops naming REFLECTION_ENCRYPTION_KEY', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-key-'));
    const production = {
      NODE_ENV: 'production',
      PAYMENT_MODE: 'test',
      MAIL_MODE: 'outbox',
      CONTACT_EMAIL: 'care@example.com',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'a-secret-of-at-least-thirty-two-characters',
    };
    try {
      expect(() => loadConfig(production)).toThrow(
        /REFLECTION_ENCRYPTION_KEY: expected in production: 32 bytes in base64/,
      );
      expect(existsSync(path.join(dataDir, 'reflection-key'))).toBe(false);

      // An installation whose earlier start generated the key keeps reading its reflections.
      const generated = randomBytes(32);
      writeFileSync(path.join(dataDir, 'reflection-key'), generated.toString('base64'));
      expect(loadConfig(production).reflectionKey.equals(generated)).toBe(true);
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
