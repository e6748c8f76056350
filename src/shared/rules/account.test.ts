import { describe, expect, it } from 'vitest';
import { isWithinRefundWindow } from './account.ts';

describe('the 30-day guarantee', () => {
  const purchasedAt = new Date('2026-01-01T12:00:00Z');
  it('holds up to 30 days after the purchase', () => {
    expect(isWithinRefundWindow(purchasedAt, new Date('2026-01-31T12:00:00Z'))).toBe(true);
  });
  it('ends after the 30th day', () => {
    expect(isWithinRefundWindow(purchasedAt, new Date('2026-01-31T12:00:01Z'))).toBe(false);
  });
});
