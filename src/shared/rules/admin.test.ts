import { describe, expect, it } from 'vitest';
import { escapeLikePattern, parseEmailList } from './admin.ts';

describe('parseEmailList', () => {
  it('splits on newlines and commas, trims, lower-cases and drops blanks and repeats', () => {
    expect(parseEmailList(' Ann@example.com,\nbob@example.com\n\n, ann@example.com ')).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
  });

  it('refuses a list with any entry that is not an email address, and an empty one', () => {
    expect(parseEmailList('ann@example.com, bob')).toBeNull();
    expect(parseEmailList(' ,\n ')).toBeNull();
    expect(parseEmailList(`${'a'.repeat(250)}@example.com`)).toBeNull();
  });
});

describe('escapeLikePattern', () => {
  it('matches LIKE wildcards literally', () => {
    expect(escapeLikePattern('a_b%c\\d')).toBe('a\\_b\\%c\\\\d');
  });
});
