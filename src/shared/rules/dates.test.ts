import { describe, expect, it } from 'vitest';
import { formatAdminDate } from './admin.ts';
import { formatDate, formatDateTime } from './dates.ts';

describe('the one date format', () => {
  it('writes a day as "Nov 24, 2026", the UTC day, from a string or a Date', () => {
    expect(formatDate('2026-11-24T23:30:00.000Z')).toBe('Nov 24, 2026');
    expect(formatDate(new Date('2026-03-07T00:10:00.000Z'))).toBe('Mar 7, 2026');
  });

  it('writes a moment with the day the same way, then the time and its zone', () => {
    expect(formatDateTime('2026-11-24T15:04:00.000Z')).toMatch(
      /^Nov 2[45], 2026, \d{1,2}:\d{2} (AM|PM) \S+/,
    );
  });

  it('is the format of the admin panel too', () => {
    expect(formatAdminDate('2026-03-07T12:00:00.000Z')).toBe('Mar 7, 2026');
  });
});
