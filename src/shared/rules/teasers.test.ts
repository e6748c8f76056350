import { describe, expect, it } from 'vitest';
import { currentTeasers } from './teasers.ts';

describe('currentTeasers', () => {
  const podcast = { title: 'Podcast', until: '2025-09-23' };
  const book = { title: 'Book', until: '2025-12-21' };

  it('keeps a teaser until the start of its until day (UTC), then drops it', () => {
    expect(currentTeasers([podcast, book], new Date('2025-09-22T23:59:59Z'))).toEqual([
      podcast,
      book,
    ]);
    expect(currentTeasers([podcast, book], new Date('2025-09-23T00:00:00Z'))).toEqual([book]);
  });

  it('shows none once every date is past', () => {
    expect(currentTeasers([podcast, book], new Date('2026-11-24T12:00:00Z'))).toEqual([]);
  });
});
