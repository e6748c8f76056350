import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isEmailAddress } from './email.ts';

describe('isEmailAddress', () => {
  it.each(['maya@example.com', 'a@b.c', 'first.last+tag@mail.example.co.uk'])(
    'accepts %s',
    (address) => expect(isEmailAddress(address)).toBe(true),
  );

  it.each([
    '',
    'maya',
    '@example.com',
    'maya@',
    'maya@example',
    'maya@.com',
    'maya@example.',
    'a@b@c.d',
    'ma ya@example.com',
  ])('refuses %o', (address) => expect(isEmailAddress(address)).toBe(false));

  it('refuses an address longer than a mailbox can have', () => {
    const local = 'a'.repeat(EMAIL_MAX_LENGTH);
    expect(isEmailAddress(`${local}@example.com`)).toBe(false);
  });

  it('agrees with the earlier pattern on every address within the length limit', () => {
    const earlierPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const text = fc.string({ unit: fc.constantFrom('a', '.', '@', ' ', 'b'), maxLength: 40 });
    fc.assert(
      fc.property(text, (address) => isEmailAddress(address) === earlierPattern.test(address)),
    );
  });

  it('answers a hostile megabyte at once', () => {
    const started = performance.now();
    expect(isEmailAddress(`a@${'a'.repeat(1024 * 1024)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
