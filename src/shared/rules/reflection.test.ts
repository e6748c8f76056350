import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSubmitReflection,
  characterBand,
  characterBarPercent,
  isReflectionCompleted,
  reflectionLength,
} from './reflection.ts';

describe('reflection rules', () => {
  it('counts characters as a reader does, without surrounding space', () => {
    expect(reflectionLength('  hello  ')).toBe(5);
    expect(reflectionLength('🔥🔥')).toBe(2);
    expect(reflectionLength('')).toBe(0);
  });

  it('completes at 100 characters or on Submit, and never undoes it', () => {
    const at = (length: number) => 'a'.repeat(length);
    expect(isReflectionCompleted({ wasCompleted: false, response: at(99), submitted: false })).toBe(
      false,
    );
    expect(
      isReflectionCompleted({ wasCompleted: false, response: at(100), submitted: false }),
    ).toBe(true);
    expect(isReflectionCompleted({ wasCompleted: false, response: 'brief', submitted: true })).toBe(
      true,
    );
    expect(isReflectionCompleted({ wasCompleted: false, response: '  ', submitted: true })).toBe(
      false,
    );
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (response, submitted) => {
        expect(isReflectionCompleted({ wasCompleted: true, response, submitted })).toBe(true);
      }),
    );
  });

  it('offers Submit only to an open reflection of at least 100 characters', () => {
    expect(canSubmitReflection('a'.repeat(100), false)).toBe(true);
    expect(canSubmitReflection('a'.repeat(99), false)).toBe(false);
    expect(canSubmitReflection('a'.repeat(300), true)).toBe(false);
  });

  it('fills the bar at 300 characters, in three colour bands', () => {
    expect([0, 99, 100, 299, 300, 5000].map(characterBand)).toEqual([
      'short',
      'short',
      'enough',
      'enough',
      'full',
      'full',
    ]);
    expect(characterBarPercent(150)).toBe(50);
    expect(characterBarPercent(900)).toBe(100);
  });
});
