import { describe, expect, it } from 'vitest';
import {
  instalmentCents,
  instalmentDueAt,
  planOfferText,
  planProgressText,
  planTotalCents,
} from './payment-plans.ts';

describe('payment plans', () => {
  it('shares the price equally, rounded up to the cent', () => {
    expect(instalmentCents({ count: 3, priceCents: 12_500 })).toBe(4_167);
    expect(planTotalCents({ count: 3, priceCents: 12_500 })).toBe(12_501);
    expect(instalmentCents({ count: 3, priceCents: 25_200 })).toBe(8_400);
    expect(planOfferText({ count: 3, priceCents: 12_500 })).toBe('or 3 payments of €41.67');
  });

  it('falls due monthly from the first payment, on the last day of a shorter month', () => {
    const first = new Date('2027-01-31T10:00:00Z');
    expect(instalmentDueAt(first, 1).toISOString()).toBe('2027-01-31T10:00:00.000Z');
    expect(instalmentDueAt(first, 2).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(instalmentDueAt(first, 3).toISOString()).toBe('2027-03-31T10:00:00.000Z');
  });

  it('says where a plan stands', () => {
    const plan = { count: 3, instalmentCents: 4_167, nextDueAt: '2026-12-28T10:00:00Z' };
    expect(planProgressText({ ...plan, paidCount: 1 })).toBe(
      'Payment 1 of 3 · next on Dec 28, 2026 · €83.34 remaining',
    );
    expect(planProgressText({ ...plan, paidCount: 3, nextDueAt: null })).toBe(
      'Paid in full: 3 of 3 payments',
    );
    expect(planProgressText({ ...plan, paidCount: 2, nextDueAt: null, status: 'settled' })).toBe(
      'Ended with the bundle: 2 of 3 payments made, credited to it',
    );
    expect(planProgressText({ ...plan, paidCount: 2, nextDueAt: null, status: 'refunded' })).toBe(
      'Refunded: 2 of 3 payments made, all refunded; no more are taken',
    );
  });
});
