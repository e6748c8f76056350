import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampProgress, isProgressComplete, progressFromLessons } from './progress.ts';

describe('progress', () => {
  it('is clamped to a whole number from 0 to 100', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), (value) => {
        const progress = clampProgress(value);
        expect(progress).toBeGreaterThanOrEqual(0);
        expect(progress).toBeLessThanOrEqual(100);
        expect(Number.isInteger(progress)).toBe(true);
      }),
    );
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(140)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(0);
  });

  it('is complete exactly at 100', () => {
    expect(isProgressComplete(100)).toBe(true);
    expect(isProgressComplete(250)).toBe(true);
    expect(isProgressComplete(99)).toBe(false);
  });

  it('follows the share of completed lessons', () => {
    expect(progressFromLessons(0, 8)).toBe(0);
    expect(progressFromLessons(3, 8)).toBe(38);
    expect(progressFromLessons(8, 8)).toBe(100);
    expect(progressFromLessons(0, 0)).toBe(0);
  });
});
