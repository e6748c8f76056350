import { describe, expect, it } from 'vitest';
import {
  BETA_CODE_ALPHABET,
  BETA_CODE_PATTERN,
  betaAccessType,
  conversionRate,
  daysLeft,
  daysLeftTone,
  grantCovers,
  normalizeBetaCode,
} from './beta.ts';

describe('beta rules', () => {
  it('leave I, O, 0 and 1 out of the code alphabet', () => {
    expect(BETA_CODE_ALPHABET).toHaveLength(32);
    expect(BETA_CODE_ALPHABET).not.toMatch(/[IO01]/);
    expect('SF-AB2C-9XYZ').toMatch(BETA_CODE_PATTERN);
    expect('SF-AB1C-9XYZ').not.toMatch(BETA_CODE_PATTERN);
    expect('SF-ABOC-9XYZ').not.toMatch(BETA_CODE_PATTERN);
  });

  it('match codes case-insensitively', () => {
    expect(normalizeBetaCode('  sf-ab2c-9xyz ')).toBe('SF-AB2C-9XYZ');
  });

  it('colour days left red at 3 or less, orange at 7 or less, green otherwise; warn from 7', () => {
    expect(daysLeftTone(0)).toEqual({ tone: 'red', hasWarning: true });
    expect(daysLeftTone(3)).toEqual({ tone: 'red', hasWarning: true });
    expect(daysLeftTone(4)).toEqual({ tone: 'orange', hasWarning: true });
    expect(daysLeftTone(7)).toEqual({ tone: 'orange', hasWarning: true });
    expect(daysLeftTone(8)).toEqual({ tone: 'green', hasWarning: false });
  });

  it('count whole days left, never below 0', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(daysLeft(new Date('2026-03-31T12:00:00Z'), now)).toBe(30);
    expect(daysLeft(new Date('2026-03-02T00:00:00Z'), now)).toBe(1);
    expect(daysLeft(new Date('2026-02-01T00:00:00Z'), now)).toBe(0);
  });

  it('compute the conversion rate as converted ÷ expired × 100, 0 without expired users', () => {
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(4, 1)).toBe(25);
    expect(conversionRate(3, 1)).toBe(33.3);
  });

  it('read an empty course list as every course', () => {
    expect(betaAccessType([])).toBe('full');
    expect(betaAccessType(['sovereign-flame'])).toBe('partial');
    expect(grantCovers([], 'anything')).toBe(true);
    expect(grantCovers(['sovereign-flame'], 'energy-sovereignty')).toBe(false);
  });
});
