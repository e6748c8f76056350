/** Who may open which course (spec 1 §4 and §6): pure rules, applied by the server. */

import { grantCovers } from './beta.ts';

export const ENROLLMENT_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export const purchaseTypes = [
  'individual',
  'bundle',
  'subscription',
  'beta',
  'paid',
  'complimentary',
] as const;
export type PurchaseType = (typeof purchaseTypes)[number];

export const accessTypes = ['admin', 'paid', 'beta', 'complimentary', 'none'] as const;
export type AccessType = (typeof accessTypes)[number];
export const userTiers = ['admin', 'paid', 'complimentary', 'beta', 'free'] as const;
export type UserTier = (typeof userTiers)[number];

export interface EnrollmentFacts {
  courseId: string;
  purchaseType: PurchaseType;
  expiresAt: Date | null;
}

export interface SubscriptionFacts {
  productId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** Set while a failed renewal is retried: until then a past_due subscription still opens. */
  graceEndsAt: Date | null;
}

export interface BetaGrantFacts {
  /** An empty list means every course. */
  courseIds: readonly string[];
  expiresAt: Date | null;
  isActive: boolean;
}

export interface AccessFacts {
  isAdmin: boolean;
  enrollments: readonly EnrollmentFacts[];
  subscriptions: readonly SubscriptionFacts[];
  betaGrants: readonly BetaGrantFacts[];
  now: Date;
}

export function enrollmentExpiry(enrolledAt: Date): Date {
  return new Date(enrolledAt.getTime() + ENROLLMENT_DAYS * DAY_MS);
}

export function isUnexpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt === null || expiresAt.getTime() > now.getTime();
}

/**
 * Active and trialing subscriptions without a pending cancellation grant access, and so does a
 * past_due one during its grace: a declined renewal does not lock the learner out while Stripe
 * retries the card.
 */
export function isSubscriptionGranting(subscription: SubscriptionFacts, now: Date): boolean {
  if (subscription.cancelAtPeriodEnd) return false;
  if (subscription.status === 'active' || subscription.status === 'trialing') return true;
  return subscription.status === 'past_due' && isInPaymentGrace(subscription, now);
}

export function isInPaymentGrace(
  subscription: Pick<SubscriptionFacts, 'graceEndsAt'>,
  now: Date,
): boolean {
  return subscription.graceEndsAt !== null && subscription.graceEndsAt.getTime() > now.getTime();
}

/** prod_complete_bundle covers every course; prod_<course id with underscores> covers that one. */
export function subscriptionProductCovers(productId: string, courseId: string): boolean {
  return (
    productId === 'prod_complete_bundle' || productId === `prod_${courseId.replaceAll('-', '_')}`
  );
}

export function isBetaGrantActive(grant: BetaGrantFacts, now: Date): boolean {
  return grant.isActive && isUnexpired(grant.expiresAt, now);
}

function accessTypeOfPurchase(purchaseType: PurchaseType): AccessType {
  if (purchaseType === 'beta') return 'beta';
  if (purchaseType === 'complimentary') return 'complimentary';
  return 'paid';
}

export function courseAccessType(courseId: string, facts: AccessFacts): AccessType {
  if (facts.isAdmin) return 'admin';
  const enrollment = facts.enrollments.find(
    (candidate) => candidate.courseId === courseId && isUnexpired(candidate.expiresAt, facts.now),
  );
  const isSubscribed = facts.subscriptions.some(
    (subscription) =>
      isSubscriptionGranting(subscription, facts.now) &&
      subscriptionProductCovers(subscription.productId, courseId),
  );
  if (isSubscribed || (enrollment && accessTypeOfPurchase(enrollment.purchaseType) === 'paid')) {
    return 'paid';
  }
  const hasBetaGrant = facts.betaGrants.some(
    (grant) => isBetaGrantActive(grant, facts.now) && grantCovers(grant.courseIds, courseId),
  );
  if (enrollment) return accessTypeOfPurchase(enrollment.purchaseType);
  return hasBetaGrant ? 'beta' : 'none';
}

/** When a course's beta access ends: the latest of the active grants covering it; null never. */
export function betaAccessExpiry(courseId: string, facts: AccessFacts): Date | null | undefined {
  const covering = facts.betaGrants.filter(
    (grant) => isBetaGrantActive(grant, facts.now) && grantCovers(grant.courseIds, courseId),
  );
  if (covering.length === 0) return undefined;
  if (covering.some((grant) => grant.expiresAt === null)) return null;
  return new Date(Math.max(...covering.map((grant) => grant.expiresAt!.getTime())));
}

export function hasCourseAccess(courseId: string, facts: AccessFacts): boolean {
  return courseAccessType(courseId, facts) !== 'none';
}

/**
 * admin; else paid with any live individual or bundle enrollment (or subscription); else
 * complimentary with a live complimentary grant; else beta; else free.
 */
export function userTier(facts: AccessFacts): UserTier {
  if (facts.isAdmin) return 'admin';
  const live = facts.enrollments.filter((enrollment) =>
    isUnexpired(enrollment.expiresAt, facts.now),
  );
  const isPaid =
    live.some((enrollment) => accessTypeOfPurchase(enrollment.purchaseType) === 'paid') ||
    facts.subscriptions.some((subscription) => isSubscriptionGranting(subscription, facts.now));
  if (isPaid) return 'paid';
  if (live.some((enrollment) => enrollment.purchaseType === 'complimentary')) {
    return 'complimentary';
  }
  const isBeta =
    live.some((enrollment) => enrollment.purchaseType === 'beta') ||
    facts.betaGrants.some((grant) => isBetaGrantActive(grant, facts.now));
  return isBeta ? 'beta' : 'free';
}

/** "Your access ends" mails go this many days before a purchase's end, and on the day (0). */
export const ACCESS_ENDING_NOTICE_DAYS = [30, 7, 0] as const;
/** An end found later than this after it passed (the first run after an upgrade) is not mailed. */
const ENDED_NOTICE_LATEST_DAYS = 3;
/** Bought access ends and can be bought again; beta, gifts and subscriptions have their own ends. */
export const purchaseTypesThatEnd: readonly PurchaseType[] = ['individual', 'bundle', 'paid'];

export interface AccessEndingWindow {
  days: (typeof ACCESS_ENDING_NOTICE_DAYS)[number];
  /** An end after this moment (exclusive)… */
  endsAfter: Date;
  /** …and by this one (inclusive) is told in this window's mail. */
  endsBy: Date;
}

/**
 * Which end each notice is due for at `now`: the windows do not overlap, so an end 5 days away
 * gets the 7-day mail alone, never the 30-day one late.
 */
export function accessEndingWindows(now: Date): AccessEndingWindow[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  return ACCESS_ENDING_NOTICE_DAYS.map((days, index) => {
    const sooner = ACCESS_ENDING_NOTICE_DAYS[index + 1];
    return {
      days,
      endsAfter: at(sooner ?? -ENDED_NOTICE_LATEST_DAYS),
      endsBy: at(days),
    };
  });
}
