import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSubmitReflection,
  characterBand,
  characterBarPercent,
  isReflectionCompleted,
  reflectionActions,
  reflectionLength,
  type ReflectionAction,
} from './reflection.ts';

describe('reflection rules', () => {
  it('counts characters as a reader does, without surrounding space', () => {
    expect(reflectionLength('  hello  ')).toBe(5);
    expect(reflectionLength('🔥🔥')).toBe(2);
    expect(reflectionLength('')).toBe(0);
  });

  it('completes on a Save of 100 characters or on Submit, never on an autosave, and never undoes it', () => {
    const completes = (response: string, action: ReflectionAction) =>
      isReflectionCompleted({ wasCompleted: false, response, action });
    expect(completes('a'.repeat(99), 'save')).toBe(false);
    expect(completes('a'.repeat(100), 'save')).toBe(true);
    expect(completes('a'.repeat(500), 'autosave')).toBe(false);
    expect(completes('brief', 'submit')).toBe(true);
    expect(completes('  ', 'submit')).toBe(false);
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...reflectionActions), (response, action) => {
        expect(isReflectionCompleted({ wasCompleted: true, response, action })).toBe(true);
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
