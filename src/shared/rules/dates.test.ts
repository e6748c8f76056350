import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAdminDate } from './admin.ts';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatMonth,
  formatMonthDay,
  formatTimeSpan,
  formatTimeSpanInZone,
  formatWeekday,
  formatWeekdayDate,
} from './dates.ts';

describe('the one date format', () => {
  it('writes a day as "Nov 24, 2026", the UTC day, from a string or a Date', () => {
    expect(formatDate('2026-11-24T23:30:00.000Z')).toBe('Nov 24, 2026');
    expect(formatDate(new Date('2026-03-07T00:10:00.000Z'))).toBe('Mar 7, 2026');
  });

  it('writes a month the same way', () => {
    expect(formatMonth('2026-11-30T23:30:00.000Z')).toBe('Nov 2026');
  });

  it('writes a day and a month by hand exactly as Intl does, and refuses what is not a date', () => {
    const intlDay = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const intlMonth = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const moments = fc.date({
      min: new Date('1970-01-01'),
      max: new Date('2200-12-31'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(moments, (moment) => {
        expect(formatDate(moment)).toBe(intlDay.format(moment));
        expect(formatMonth(moment.toISOString())).toBe(intlMonth.format(moment));
      }),
    );
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });

  it('writes a moment with the day the same way, then the 24-hour time and its zone', () => {
    expect(formatDateTime('2026-11-24T15:04:00.000Z', 'UTC')).toBe('Nov 24, 2026, 15:04 UTC');
    expect(formatDateTime('2026-11-24T23:30:00.000Z', 'Europe/Paris')).toBe(
      'Nov 25, 2026, 00:30 GMT+1',
    );
    expect(formatDateTime('2026-11-24T15:04:00.000Z')).toMatch(/^Nov 2[45], 2026, \d{2}:\d{2} \S+/);
  });

  it('writes a session’s day with its weekday, and its times on the zone’s clock', () => {
    const startsAt = '2026-12-02T13:00:00.000Z';
    const endsAt = '2026-12-02T14:00:00.000Z';
    expect(formatWeekdayDate(startsAt, 'Europe/Paris')).toBe('Wednesday, Dec 2, 2026');
    expect(formatWeekday(startsAt, 'Europe/Paris')).toBe('Wednesday');
    expect(formatMonthDay(startsAt, 'Europe/Paris')).toBe('Dec 2');
    expect(formatClock(startsAt, 'Europe/London')).toBe('13:00');
    expect(formatTimeSpan(startsAt, endsAt, 'Europe/Paris')).toBe(
      'Wednesday, Dec 2, 2026, 14:00–15:00',
    );
    expect(formatTimeSpanInZone(startsAt, endsAt, 'Europe/London')).toBe(
      'Wednesday, Dec 2, 2026, 13:00–14:00 (Europe/London)',
    );
  });

  it('keeps the calendar of the zone: late evening in New York is the next day in UTC', () => {
    expect(formatWeekdayDate('2026-12-03T02:00:00.000Z', 'America/New_York')).toBe(
      'Wednesday, Dec 2, 2026',
    );
    expect(formatClock('2026-12-03T02:00:00.000Z', 'America/New_York')).toBe('21:00');
  });

  it('is the format of the admin panel too', () => {
    expect(formatAdminDate('2026-03-07T12:00:00.000Z')).toBe('Mar 7, 2026');
  });
});
