import { describe, expect, it } from 'vitest';
import type { Product } from '../api/catalogue.ts';
import { applyCoupon, couponMessages, spreadDiscount, type CouponTerms } from './coupons.ts';
import type { Order } from './purchase.ts';

const product = (id: string, priceCents: number, isBundle = false) =>
  ({ id, name: id, priceCents, isBundle }) as Product;

const order = (products: Product[], totalCents: number): Order => ({
  products,
  courseIds: [],
  isBundle: products.some((candidate) => candidate.isBundle),
  credits: [],
  creditCents: 0,
  totalCents,
});

const terms = (overrides: Partial<CouponTerms>): CouponTerms => ({
  code: 'SPRING',
  kind: 'percent',
  value: 20,
  productIds: [],
  expiresAt: null,
  maxUses: null,
  disabledAt: null,
  ...overrides,
});

const now = new Date('2026-11-28T12:00:00Z');
const twoCourses = order([product('a', 12_500), product('b', 12_500)], 25_000);

describe('applyCoupon', () => {
  it('takes a percentage off the lines it is for, shared by price', () => {
    expect(applyCoupon(twoCourses, terms({}), 0, now)).toEqual({
      ok: true,
      discountCents: 5_000,
      lineDiscountCents: [2_500, 2_500],
    });
    expect(applyCoupon(twoCourses, terms({ productIds: ['b'] }), 0, now)).toEqual({
      ok: true,
      discountCents: 2_500,
      lineDiscountCents: [0, 2_500],
    });
  });

  it('never takes more than the lines it is for cost', () => {
    const result = applyCoupon(
      twoCourses,
      terms({ kind: 'amount', value: 99_999, productIds: ['a'] }),
      0,
      now,
    );
    expect(result).toEqual({ ok: true, discountCents: 12_500, lineDiscountCents: [12_500, 0] });
  });

  it("prices a bundle's line after its credit", () => {
    const bundle = order([product('bundle', 25_000, true)], 12_500);
    expect(applyCoupon(bundle, terms({ value: 10 }), 0, now)).toMatchObject({
      discountCents: 1_250,
    });
  });

  it('refuses a code switched off, expired, used up or for other courses', () => {
    const refusal = (coupon: CouponTerms, held = 0) => applyCoupon(twoCourses, coupon, held, now);
    expect(refusal(terms({ disabledAt: now }))).toEqual({
      ok: false,
      message: couponMessages.unknown,
    });
    expect(refusal(terms({ expiresAt: now }))).toEqual({
      ok: false,
      message: couponMessages.expired,
    });
    expect(refusal(terms({ maxUses: 3 }), 3)).toEqual({
      ok: false,
      message: couponMessages.usedUp,
    });
    expect(refusal(terms({ maxUses: 3 }), 2).ok).toBe(true);
    expect(refusal(terms({ productIds: ['c'] }))).toEqual({
      ok: false,
      message: couponMessages.notForOrder,
    });
  });
});

describe('spreadDiscount', () => {
  it('adds up to the discount, in whole cents, none on an unpriced line', () => {
    expect(spreadDiscount([1_000, 0, 2_000, 0], 1_001)).toEqual([333, 0, 668, 0]);
    expect(spreadDiscount([0, 0], 0)).toEqual([0, 0]);
  });
});
