import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accessEndingWindows,
  courseAccessType,
  enrollmentExpiry,
  hasCourseAccess,
  subscriptionProductCovers,
  userTier,
  type AccessFacts,
  type PurchaseType,
} from './access.ts';

const now = new Date('2026-06-01T00:00:00Z');
const tomorrow = new Date('2026-06-02T00:00:00Z');
const yesterday = new Date('2026-05-31T00:00:00Z');
const facts = (overrides: Partial<AccessFacts> = {}): AccessFacts => ({
  isAdmin: false,
  enrollments: [],
  subscriptions: [],
  betaGrants: [],
  now,
  ...overrides,
});
const enrollment = (
  purchaseType: PurchaseType,
  expiresAt: Date | null = tomorrow,
  courseId = 'sovereign-flame',
) => ({
  courseId,
  purchaseType,
  expiresAt,
});

describe('course access', () => {
  it('gives an admin every course', () => {
    expect(courseAccessType('dragons-clarity', facts({ isAdmin: true }))).toBe('admin');
  });

  it('gives nothing to a user with nothing', () => {
    expect(courseAccessType('sovereign-flame', facts())).toBe('none');
  });

  it('maps purchase types to access types', () => {
    const cases: [PurchaseType, string][] = [
      ['individual', 'paid'],
      ['bundle', 'paid'],
      ['subscription', 'paid'],
      ['paid', 'paid'],
      ['beta', 'beta'],
      ['complimentary', 'complimentary'],
    ];
    for (const [purchaseType, accessType] of cases) {
      expect(
        courseAccessType('sovereign-flame', facts({ enrollments: [enrollment(purchaseType)] })),
      ).toBe(accessType);
    }
  });

  it('ends with the enrollment: an expired one gives no access, a null expiry never ends', () => {
    expect(
      hasCourseAccess(
        'sovereign-flame',
        facts({ enrollments: [enrollment('individual', yesterday)] }),
      ),
    ).toBe(false);
    expect(
      hasCourseAccess('sovereign-flame', facts({ enrollments: [enrollment('individual', now)] })),
    ).toBe(false);
    expect(
      hasCourseAccess('sovereign-flame', facts({ enrollments: [enrollment('individual', null)] })),
    ).toBe(true);
  });

  it('counts only live subscriptions without a pending cancellation, for the products they cover', () => {
    const subscription = (
      status: string,
      cancelAtPeriodEnd = false,
      productId = 'prod_complete_bundle',
      graceEndsAt: Date | null = null,
    ) => ({
      productId,
      status,
      cancelAtPeriodEnd,
      graceEndsAt,
    });
    const access = (...subscriptions: ReturnType<typeof subscription>[]) =>
      courseAccessType('sovereign-flame', facts({ subscriptions }));
    expect(access(subscription('active'))).toBe('paid');
    expect(access(subscription('trialing'))).toBe('paid');
    expect(access(subscription('active', true))).toBe('none');
    expect(access(subscription('canceled'))).toBe('none');
    expect(access(subscription('past_due'))).toBe('none');
    expect(access(subscription('active', false, 'prod_sovereign_flame'))).toBe('paid');
    expect(access(subscription('active', false, 'prod_energy_sovereignty'))).toBe('none');
  });

  it('keeps a past_due subscription open until its payment grace ends, and no longer', () => {
    const pastDue = (graceEndsAt: Date | null, status = 'past_due') => ({
      productId: 'prod_complete_bundle',
      status,
      cancelAtPeriodEnd: false,
      graceEndsAt,
    });
    const access = (subscription: ReturnType<typeof pastDue>) =>
      courseAccessType('sovereign-flame', facts({ subscriptions: [subscription] }));
    expect(access(pastDue(tomorrow))).toBe('paid');
    expect(userTier(facts({ subscriptions: [pastDue(tomorrow)] }))).toBe('paid');
    expect(access(pastDue(now))).toBe('none');
    expect(access(pastDue(yesterday))).toBe('none');
    expect(access(pastDue(null))).toBe('none');
    expect(access(pastDue(tomorrow, 'unpaid'))).toBe('none');
    expect(access(pastDue(tomorrow, 'canceled'))).toBe('none');
  });

  it('maps a subscription product id to its course', () => {
    expect(subscriptionProductCovers('prod_dragons_clarity', 'dragons-clarity')).toBe(true);
    expect(subscriptionProductCovers('prod_dragons_clarity', 'phoenix-ascension')).toBe(false);
    expect(subscriptionProductCovers('prod_complete_bundle', 'phoenix-ascension')).toBe(true);
  });

  it('honours active beta grants for their courses, an empty list meaning all', () => {
    const grant = (courseIds: string[], expiresAt: Date | null = tomorrow, isActive = true) => ({
      courseIds,
      expiresAt,
      isActive,
    });
    const access = (g: ReturnType<typeof grant>) =>
      courseAccessType('sovereign-flame', facts({ betaGrants: [g] }));
    expect(access(grant(['sovereign-flame']))).toBe('beta');
    expect(access(grant([]))).toBe('beta');
    expect(access(grant(['energy-sovereignty']))).toBe('none');
    expect(access(grant(['sovereign-flame'], yesterday))).toBe('none');
    expect(access(grant(['sovereign-flame'], null, false))).toBe('none');
  });

  it('prefers paid access over a beta grant', () => {
    const result = courseAccessType(
      'sovereign-flame',
      facts({
        enrollments: [enrollment('bundle')],
        betaGrants: [{ courseIds: [], expiresAt: null, isActive: true }],
      }),
    );
    expect(result).toBe('paid');
  });
});

describe('user tier', () => {
  it('ranks admin, paid, complimentary, beta, free', () => {
    expect(userTier(facts({ isAdmin: true }))).toBe('admin');
    expect(
      userTier(
        facts({ enrollments: [enrollment('individual'), enrollment('beta', tomorrow, 'x')] }),
      ),
    ).toBe('paid');
    expect(userTier(facts({ enrollments: [enrollment('bundle')] }))).toBe('paid');
    expect(userTier(facts({ enrollments: [enrollment('beta')] }))).toBe('beta');
    expect(
      userTier(
        facts({ enrollments: [enrollment('complimentary'), enrollment('beta', tomorrow, 'x')] }),
      ),
    ).toBe('complimentary');
    expect(userTier(facts({ enrollments: [enrollment('complimentary', yesterday)] }))).toBe('free');
    expect(userTier(facts({ enrollments: [enrollment('individual', yesterday)] }))).toBe('free');
    expect(userTier(facts())).toBe('free');
  });
});

describe('enrollment expiry', () => {
  it('is 365 days after enrolling', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (enrolledAt) => {
          const days = (enrollmentExpiry(enrolledAt).getTime() - enrolledAt.getTime()) / 86_400_000;
          expect(days).toBe(365);
        },
      ),
    );
  });
});

describe('the windows of the "your access ends" mails', () => {
  const at = new Date('2026-06-01T00:00:00Z');
  const days = (count: number) => new Date(at.getTime() + count * 24 * 60 * 60 * 1000);
  const windowOf = (end: Date) =>
    accessEndingWindows(at).find((window) => end > window.endsAfter && end <= window.endsBy)?.days;

  it('gives each end at most one notice due now, the nearest', () => {
    expect(windowOf(days(31))).toBeUndefined();
    expect(windowOf(days(30))).toBe(30);
    expect(windowOf(days(8))).toBe(30);
    expect(windowOf(days(7))).toBe(7);
    expect(windowOf(days(0.5))).toBe(7);
    expect(windowOf(days(0))).toBe(0);
    expect(windowOf(days(-2))).toBe(0);
    expect(windowOf(days(-4))).toBeUndefined();
  });

  it('never overlaps: any end falls in one window or none', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * 24 * 60, max: 40 * 24 * 60 }), (minutes) => {
        const end = new Date(at.getTime() + minutes * 60_000);
        const matching = accessEndingWindows(at).filter(
          (window) => end > window.endsAfter && end <= window.endsBy,
        );
        expect(matching.length).toBeLessThanOrEqual(1);
      }),
    );
  });
});
