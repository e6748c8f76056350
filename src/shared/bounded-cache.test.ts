import { describe, expect, it } from 'vitest';
import { BoundedCache, rememberedByText } from './bounded-cache.ts';

describe('BoundedCache', () => {
  it('answers what it was given', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('b')).toBeUndefined();
  });

  it('forgets the oldest entry once full, and never holds more than its capacity', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c'), cache.size]).toEqual([2, 3, 2]);
  });

  it('replaces a known key without forgetting another', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    expect([cache.get('a'), cache.get('b'), cache.size]).toEqual([3, 2, 2]);
  });
});

describe('rememberedByText', () => {
  it('works a text out once, and a text over its bound each time', () => {
    const seen: string[] = [];
    const upper = rememberedByText(
      (text) => {
        seen.push(text);
        return text.toUpperCase();
      },
      10,
      3,
    );
    expect([upper('abc'), upper('abc'), upper('abcd'), upper('abcd')]).toEqual([
      'ABC',
      'ABC',
      'ABCD',
      'ABCD',
    ]);
    expect(seen).toEqual(['abc', 'abcd', 'abcd']);
  });
});
