import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { euroText, withThousands } from './number-text.ts';

// What the product wrote before: the locale's own formats, the reference these must match.
const intlWhole = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const intlToTheCent = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const amounts = fc.oneof(
  fc.integer({ min: -100_000, max: 100_000 }),
  fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
);
// Intl writes an amount that rounds to zero as "-€0"; the product writes no sign on nothing.
const withoutNegativeZero = (text: string) => text.replace(/^-(€0(\.00)?)$/, '$1');

describe('numbers written by hand', () => {
  it('mark thousands as English does', () => {
    expect(withThousands(0)).toBe('0');
    expect(withThousands(999)).toBe('999');
    expect(withThousands(1000)).toBe('1,000');
    expect(withThousands(-1234567)).toBe('-1,234,567');
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (whole) => {
        expect(withThousands(whole)).toBe(whole.toLocaleString('en'));
      }),
    );
  });

  it('write euros in whole euros exactly as en-IE does', () => {
    expect(euroText(12_500, { toTheCent: false })).toBe('€125');
    expect(euroText(123_456, { toTheCent: false })).toBe('€1,235');
    fc.assert(
      fc.property(amounts, (cents) => {
        const expected = withoutNegativeZero(intlWhole.format(cents / 100));
        expect(euroText(cents, { toTheCent: false })).toBe(expected);
      }),
    );
  });

  it('write euros to the cent exactly as en-IE does', () => {
    expect(euroText(-12_550, { toTheCent: true })).toBe('-€125.50');
    expect(euroText(5, { toTheCent: true })).toBe('€0.05');
    fc.assert(
      fc.property(amounts, (cents) => {
        const expected = withoutNegativeZero(intlToTheCent.format(cents / 100));
        expect(euroText(cents, { toTheCent: true })).toBe(expected);
      }),
    );
  });

  it('write an amount that rounds to nothing without a sign', () => {
    expect(euroText(-40, { toTheCent: false })).toBe('€0');
    expect(euroText(-0.4, { toTheCent: true })).toBe('€0.00');
  });
});
