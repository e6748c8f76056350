import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product } from '../api/catalogue.ts';
import { bundleOffer, bundlePricing, durationInHours, formatEuros } from './pricing.ts';

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

describe('the bundle for a buyer who paid for some of its courses', () => {
  const journey = { ...bundle, courseIds: ['a', 'b', 'c', 'd'] };

  it('takes off what was paid for courses in the bundle, and shows each of them', () => {
    const offer = bundleOffer(journey, [
      { courseId: 'a', paidCents: 12500 },
      { courseId: 'elsewhere', paidCents: 9900 },
    ]);
    expect(offer).toEqual({
      bundleCents: 25000,
      credits: [{ courseId: 'a', paidCents: 12500 }],
      creditCents: 12500,
      totalCents: 12500,
    });
  });

  it('costs nothing, never less, once the courses paid for add up to its price', () => {
    const offer = bundleOffer(journey, [
      { courseId: 'a', paidCents: 12500 },
      { courseId: 'b', paidCents: 12500 },
      { courseId: 'c', paidCents: 12500 },
    ]);
    expect(offer).toMatchObject({ creditCents: 25000, totalCents: 0 });
  });

  it('is the bundle price less the credit, between zero and the full price, for any purchases', () => {
    const courseIds = ['a', 'b', 'c', 'd', 'elsewhere'];
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            courseId: fc.constantFrom(...courseIds),
            paidCents: fc.integer({ min: 0, max: 100_000 }),
          }),
          { selector: (paid) => paid.courseId },
        ),
        (paidCourses) => {
          const offer = bundleOffer(journey, paidCourses);
          const paidInBundle = paidCourses
            .filter((paid) => journey.courseIds.includes(paid.courseId))
            .reduce((sum, paid) => sum + paid.paidCents, 0);
          expect(offer.totalCents).toBe(Math.max(0, journey.priceCents - paidInBundle));
          expect(offer.creditCents + offer.totalCents).toBe(journey.priceCents);
          expect(offer.totalCents).toBeGreaterThanOrEqual(0);
          expect(offer.credits.every((credit) => journey.courseIds.includes(credit.courseId))).toBe(
            true,
          );
        },
      ),
    );
  });
});
