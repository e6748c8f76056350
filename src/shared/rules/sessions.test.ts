import { describe, expect, it } from 'vitest';
import { canReschedule, dayLabel, isJoinOpen } from './sessions.ts';

const session = {
  startsAt: new Date('2026-06-10T15:00:00Z'),
  endsAt: new Date('2026-06-10T16:00:00Z'),
};

describe('session rules', () => {
  it('opens Join from 10 minutes before the start until the end', () => {
    expect(isJoinOpen(session, new Date('2026-06-10T14:49:59Z'))).toBe(false);
    expect(isJoinOpen(session, new Date('2026-06-10T14:50:00Z'))).toBe(true);
    expect(isJoinOpen(session, new Date('2026-06-10T15:59:00Z'))).toBe(true);
    expect(isJoinOpen(session, new Date('2026-06-10T16:00:00Z'))).toBe(false);
  });

  it('allows a reschedule only before the cut-off', () => {
    expect(canReschedule(session, new Date('2026-06-09T14:59:00Z'), 24)).toBe(true);
    expect(canReschedule(session, new Date('2026-06-09T15:00:00Z'), 24)).toBe(false);
  });

  it('names the day in the viewer’s zone', () => {
    const now = new Date('2026-06-10T12:00:00Z');
    expect(dayLabel(session.startsAt, now, 'UTC')).toBe('Today');
    expect(dayLabel(new Date('2026-06-11T00:30:00Z'), now, 'UTC')).toBe('Tomorrow');
    expect(dayLabel(new Date('2026-06-14T09:00:00Z'), now, 'UTC')).toBe('In 4 days');
    // 23:30 UTC on the 10th is already the 11th in Tokyo, while it is still the 10th there now.
    expect(dayLabel(new Date('2026-06-10T23:30:00Z'), now, 'Asia/Tokyo')).toBe('Tomorrow');
    expect(dayLabel(new Date('2026-06-10T23:30:00Z'), now, 'America/Los_Angeles')).toBe('Today');
  });
});
