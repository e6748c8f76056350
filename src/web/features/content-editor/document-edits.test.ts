import { describe, expect, it } from 'vitest';
import { idFrom, moveItem, updateAt } from './document-edits.ts';

describe('moveItem', () => {
  it('moves an item up, down and to the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the list as it was past either end', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});

describe('updateAt', () => {
  it('changes only the item at the index', () => {
    expect(updateAt([1, 2, 3], 1, (n) => n * 10)).toEqual([1, 20, 3]);
  });
});

describe('idFrom', () => {
  it('makes a kebab-case id from a title, unique among the ids taken', () => {
    expect(idFrom('Finding Your Ground!', [])).toBe('finding-your-ground');
    expect(idFrom('Rest', ['rest', 'rest-2'])).toBe('rest-3');
    expect(idFrom('   ', [])).toBe('item');
  });
});
