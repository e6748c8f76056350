import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createReflectionCipher } from './reflection-cipher.ts';

const key = {
  userId: 'user-1',
  courseId: 'energy-sovereignty',
  moduleId: 'reclaiming-your-field',
  lessonId: 'noticing-your-leaks',
  promptId: 'where-energy-goes',
};

describe('the reflection cipher', () => {
  const cipher = createReflectionCipher(randomBytes(32));

  it('round-trips text, with a fresh nonce each time', () => {
    const text = 'Où va mon énergie ? 🔥 Into other people’s storms.';
    const first = cipher.encrypt(text, key);
    expect(cipher.decrypt(first, key)).toBe(text);
    expect(cipher.encrypt(text, key)).not.toBe(first);
  });

  it('refuses text moved to another learner or prompt, or altered', () => {
    const envelope = cipher.encrypt('mine', key);
    expect(() => cipher.decrypt(envelope, { ...key, userId: 'user-2' })).toThrow();
    expect(() => cipher.decrypt(envelope, { ...key, promptId: 'other' })).toThrow();
    const [version, iv, tag, body] = envelope.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() =>
      cipher.decrypt([version, iv, tag, flipped.toString('base64url')].join('.'), key),
    ).toThrow();
  });

  it('refuses another key', () => {
    const envelope = cipher.encrypt('mine', key);
    expect(() => createReflectionCipher(randomBytes(32)).decrypt(envelope, key)).toThrow();
    expect(() => createReflectionCipher(randomBytes(16))).toThrow();
  });
});
