import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product } from '../api/catalogue.ts';
import { bundlePricing, durationInHours, formatEuros } from './pricing.ts';

const course = (id: string, priceCents: number, comingSoon = false): Product => ({
  id,
  name: id,
  description: id,
  priceCents,
  courseIds: [id],
  isBundle: false,
  required: false,
  comingSoon,
});
const bundle = { ...course('complete-bundle', 25000), isBundle: true };

describe('bundle pricing', () => {
  it('compares the bundle with the purchasable courses only', () => {
    const products = [
      course('a', 12500),
      course('b', 12500),
      course('c', 12500, true),
      course('d', 12500, true),
    ];
    expect(bundlePricing(products, bundle)).toEqual({
      referenceCents: 25000,
      bundleCents: 25000,
      savingsCents: 0,
      savingsPercent: 0,
    });
  });

  it('rounds the saving to a whole percentage', () => {
    const products = [course('a', 12500), course('b', 12500), course('c', 12500)];
    expect(bundlePricing(products, bundle)).toMatchObject({
      savingsCents: 12500,
      savingsPercent: 33,
    });
  });

  it('never reports a negative saving', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 500_000 }),
        (prices, bundleCents) => {
          const pricing = bundlePricing(
            prices.map((price, index) => course(`c${index}`, price)),
            { ...bundle, priceCents: bundleCents },
          );
          expect(pricing.savingsCents).toBeGreaterThanOrEqual(0);
          expect(pricing.savingsPercent).toBeGreaterThanOrEqual(0);
          expect(pricing.savingsPercent).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});

describe('display', () => {
  it('shows euros without decimals', () => {
    expect(formatEuros(12500)).toBe('€125');
    expect(formatEuros(25000)).toBe('€250');
  });

  it('rounds durations up to whole hours', () => {
    expect(durationInHours(0)).toBe(0);
    expect(durationInHours(1)).toBe(1);
    expect(durationInHours(3600)).toBe(1);
    expect(durationInHours(3601)).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (seconds) => {
        const hours = durationInHours(seconds);
        expect(hours * 3600).toBeGreaterThanOrEqual(seconds);
        expect((hours - 1) * 3600).toBeLessThan(Math.max(seconds, 1));
      }),
    );
  });
});
