import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product } from '../api/catalogue.ts';
import {
  buildOrder,
  checkoutOutcome,
  checkoutStatuses,
  isOwnedAccess,
  mergeCheckoutState,
  paymentStatuses,
  type CheckoutState,
} from './purchase.ts';

const course = (id: string, comingSoon = false): Product => ({
  id,
  name: `Course ${id}`,
  description: id,
  priceCents: 12500,
  courseIds: [id],
  isBundle: false,
  required: false,
  comingSoon,
});
const catalogue = {
  courseProducts: [course('a'), course('b'), course('c', true), course('d'), course('e')],
  bundle: {
    ...course('complete-bundle'),
    name: 'The Complete Journey',
    priceCents: 25000,
    courseIds: ['a', 'b', 'c'],
    isBundle: true,
  },
  // d builds on a and b; e on c, which is coming soon.
  prerequisites: { d: ['a', 'b'], e: ['c'] },
};
const nothingOwned = new Set<string>();

describe('buildOrder', () => {
  it('prices single courses from the catalogue', () => {
    const result = buildOrder(['a', 'b'], catalogue, nothingOwned);
    expect(result).toMatchObject({
      ok: true,
      order: { courseIds: ['a', 'b'], isBundle: false, totalCents: 25000 },
    });
  });

  it('enrolls the bundle in every course, coming soon ones included', () => {
    const result = buildOrder(['complete-bundle'], catalogue, new Set(['a']));
    expect(result).toMatchObject({
      ok: true,
      order: { courseIds: ['a', 'b', 'c'], isBundle: true, totalCents: 25000 },
    });
  });

  it('takes what the buyer paid for courses in the bundle off its price', () => {
    const result = buildOrder(['complete-bundle'], catalogue, new Set(['a']), [
      { courseId: 'a', paidCents: 12500 },
    ]);
    expect(result).toMatchObject({
      ok: true,
      order: { creditCents: 12500, totalCents: 12500, credits: [{ courseId: 'a' }] },
    });
  });

  it('never credits a single course bought on its own', () => {
    const result = buildOrder(['b'], catalogue, new Set(['a']), [
      { courseId: 'a', paidCents: 12500 },
    ]);
    expect(result).toMatchObject({ ok: true, order: { creditCents: 0, totalCents: 12500 } });
  });

  it.each([
    [[], 'Please select at least one course'],
    [['nope'], 'Course not found: nope'],
    [['c'], 'Course c is coming soon and cannot be bought yet.'],
    [['a', 'a'], 'Each course can be ordered once.'],
    [['complete-bundle', 'a'], 'The bundle is bought on its own, without single courses.'],
  ])('refuses %j with "%s"', (productIds, message) => {
    expect(buildOrder(productIds, catalogue, nothingOwned)).toEqual({ ok: false, message });
  });

  it('refuses an owned course, and the bundle only when every course in it is owned', () => {
    expect(buildOrder(['a'], catalogue, new Set(['a']))).toEqual({
      ok: false,
      message: 'You already have access to Course a.',
    });
    expect(buildOrder(['complete-bundle'], catalogue, new Set(['a', 'b', 'c']))).toEqual({
      ok: false,
      message: 'You already have access to The Complete Journey.',
    });
  });

  it('refuses a course whose prerequisite is neither owned nor in the same order', () => {
    expect(buildOrder(['d'], catalogue, nothingOwned)).toEqual({
      ok: false,
      message: 'Course d requires Course a and Course b: add it to your order.',
    });
    expect(buildOrder(['d', 'b'], catalogue, new Set(['c']))).toEqual({
      ok: false,
      message: 'Course d requires Course a: add it to your order.',
    });
    expect(buildOrder(['d', 'b'], catalogue, new Set(['a']))).toMatchObject({ ok: true });
    expect(buildOrder(['a', 'b', 'd'], catalogue, nothingOwned)).toMatchObject({ ok: true });
  });

  it('lets a course whose prerequisite is coming soon be bought, as the purchase page does', () => {
    expect(buildOrder(['e'], catalogue, nothingOwned)).toMatchObject({ ok: true });
  });

  it('charges the sum of the catalogue prices for any valid choice of courses', () => {
    fc.assert(
      fc.property(fc.subarray(['a', 'b'], { minLength: 1 }), (productIds) => {
        const result = buildOrder(productIds, catalogue, nothingOwned);
        expect(result.ok && result.order.totalCents).toBe(12500 * productIds.length);
      }),
    );
  });
});

describe('isOwnedAccess', () => {
  it('counts paid and admin access as owned, beta and complimentary as buyable', () => {
    expect(isOwnedAccess('paid')).toBe(true);
    expect(isOwnedAccess('admin')).toBe(true);
    expect(isOwnedAccess('beta')).toBe(false);
    expect(isOwnedAccess('complimentary')).toBe(false);
    expect(isOwnedAccess('none')).toBe(false);
  });
});

describe('checkoutOutcome', () => {
  const state = (change: Partial<CheckoutState>): CheckoutState => ({
    status: 'complete',
    paymentStatus: 'unpaid',
    hasPaymentFailed: false,
    isRefunded: false,
    ...change,
  });

  it('tells paid, processing, unpaid and expired apart', () => {
    expect(checkoutOutcome(state({ paymentStatus: 'paid' }))).toBe('paid');
    expect(checkoutOutcome(state({ paymentStatus: 'no_payment_required' }))).toBe('paid');
    expect(checkoutOutcome(state({}))).toBe('processing');
    expect(checkoutOutcome(state({ hasPaymentFailed: true }))).toBe('unpaid');
    expect(checkoutOutcome(state({ status: 'open' }))).toBe('unpaid');
    expect(checkoutOutcome(state({ status: 'expired' }))).toBe('expired');
    expect(checkoutOutcome(state({ paymentStatus: 'paid', isRefunded: true }))).toBe('unpaid');
  });
});

describe('mergeCheckoutState', () => {
  it('never moves a session back, whatever order two reads arrive in', () => {
    const anyState = fc.record({
      status: fc.constantFrom(...checkoutStatuses),
      paymentStatus: fc.constantFrom(...paymentStatuses),
    });
    fc.assert(
      fc.property(anyState, anyState, (stored, read) => {
        const merged = mergeCheckoutState(stored, read);
        if (stored.status !== 'open') expect(merged.status).toBe(stored.status);
        if (stored.paymentStatus !== 'unpaid')
          expect(merged.paymentStatus).toBe(stored.paymentStatus);
      }),
    );
  });
});
