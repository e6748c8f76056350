import { describe, expect, it } from 'vitest';
import { hasPaymentGraceBegun, nextPaymentGrace, noPaymentGrace } from './payment-grace.ts';

const failedAt = new Date('2026-06-01T10:00:00Z');
const moment = (now: Date) => ({ reportedAt: now, now, graceDays: 7 });
const pastDue = { status: 'past_due', cancelAtPeriodEnd: false };

describe('payment grace', () => {
  it('begins at the first failure and lasts the configured days', () => {
    const grace = nextPaymentGrace(undefined, pastDue, moment(failedAt));
    expect(grace).toEqual({
      paymentFailedAt: failedAt,
      graceEndsAt: new Date('2026-06-08T10:00:00Z'),
      accessPausedAt: null,
    });
    expect(hasPaymentGraceBegun(undefined, grace)).toBe(true);
  });

  it('keeps its start when a retry fails again, so the learner is told once', () => {
    const first = nextPaymentGrace(undefined, pastDue, moment(failedAt));
    const retry = nextPaymentGrace(first, pastDue, moment(new Date('2026-06-04T10:00:00Z')));
    expect(retry).toEqual(first);
    expect(hasPaymentGraceBegun(first, retry)).toBe(false);
  });

  it('pauses access once the grace has run out or Stripe marks the renewal unpaid', () => {
    const first = nextPaymentGrace(undefined, pastDue, moment(failedAt));
    const late = new Date('2026-06-09T00:00:00Z');
    expect(nextPaymentGrace(first, pastDue, moment(late)).accessPausedAt).toEqual(late);
    const unpaid = { status: 'unpaid', cancelAtPeriodEnd: false };
    const given = new Date('2026-06-05T00:00:00Z');
    expect(nextPaymentGrace(first, unpaid, moment(given)).accessPausedAt).toEqual(given);
  });

  it('ends with any state that is not unpaid', () => {
    const first = nextPaymentGrace(undefined, pastDue, moment(failedAt));
    for (const status of ['active', 'trialing', 'canceled']) {
      expect(
        nextPaymentGrace(first, { status, cancelAtPeriodEnd: false }, moment(failedAt)),
      ).toEqual(noPaymentGrace);
    }
  });
});
