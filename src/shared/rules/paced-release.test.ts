import { describe, expect, it } from 'vitest';
import { isModuleOpen, lockedUntil, moduleOpensAt } from './paced-release.ts';

const start = new Date('2026-03-01T10:00:00Z');

describe('the opening of a paced module', () => {
  it('a module without pacing opens at once', () => {
    expect(moduleOpensAt({}, start)).toBeNull();
    expect(isModuleOpen(null, start)).toBe(true);
  });

  it('opens N days after the learner started, to the minute', () => {
    const opensAt = moduleOpensAt({ opensAfterDays: 7 }, start);
    expect(opensAt?.toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(isModuleOpen(opensAt, new Date('2026-03-08T09:59:00Z'))).toBe(false);
    expect(isModuleOpen(opensAt, new Date('2026-03-08T10:00:00Z'))).toBe(true);
  });

  it('opens at the start of its date, in the zone the server gives', () => {
    expect(moduleOpensAt({ opensOn: '2026-04-01' }, start)?.toISOString()).toBe(
      '2026-04-01T00:00:00.000Z',
    );
    const berlin = (date: string) => new Date(`${date}T00:00:00+02:00`);
    expect(
      moduleOpensAt({ opensOn: '2026-04-01' }, start, { dayStart: berlin })?.toISOString(),
    ).toBe('2026-03-31T22:00:00.000Z');
  });

  it('a date in the past is open to every learner, whenever they started', () => {
    const opensAt = moduleOpensAt({ opensOn: '2026-01-01' }, start);
    expect(isModuleOpen(opensAt, start)).toBe(true);
  });

  it("an admin's early opening wins when it is sooner, never when later", () => {
    const early = new Date('2026-03-02T00:00:00Z');
    expect(moduleOpensAt({ opensAfterDays: 7 }, start, { openedEarlyAt: early })).toEqual(early);
    const late = new Date('2026-04-02T00:00:00Z');
    expect(
      moduleOpensAt({ opensAfterDays: 7 }, start, { openedEarlyAt: late })?.toISOString(),
    ).toBe('2026-03-08T10:00:00.000Z');
    expect(moduleOpensAt({}, start, { openedEarlyAt: early })).toBeNull();
  });

  it('a locked module says until when', () => {
    const opensAt = moduleOpensAt({ opensAfterDays: 1 }, start);
    expect(lockedUntil(opensAt, start)).toEqual(opensAt);
    expect(lockedUntil(opensAt, new Date('2026-03-03T00:00:00Z'))).toBeNull();
  });
});
