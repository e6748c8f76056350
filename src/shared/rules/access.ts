/** Who may open which course (spec 1 §4 and §6): pure rules, applied by the server. */

export const ENROLMENT_DAYS = 365;
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

export type AccessType = 'admin' | 'paid' | 'beta' | 'complimentary' | 'none';
export type UserTier = 'admin' | 'paid' | 'beta' | 'free';

export interface EnrolmentFacts {
  courseId: string;
  purchaseType: PurchaseType;
  expiresAt: Date | null;
}

export interface SubscriptionFacts {
  productId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
}

export interface BetaGrantFacts {
  /** An empty list means every course. */
  courseIds: readonly string[];
  expiresAt: Date | null;
  isActive: boolean;
}

export interface AccessFacts {
  isAdmin: boolean;
  enrolments: readonly EnrolmentFacts[];
  subscriptions: readonly SubscriptionFacts[];
  betaGrants: readonly BetaGrantFacts[];
  now: Date;
}

export function enrolmentExpiry(enrolledAt: Date): Date {
  return new Date(enrolledAt.getTime() + ENROLMENT_DAYS * DAY_MS);
}

export function isUnexpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt === null || expiresAt.getTime() > now.getTime();
}

/** Only active and trialing subscriptions without a pending cancellation grant access. */
export function isSubscriptionGranting(subscription: SubscriptionFacts): boolean {
  return (
    (subscription.status === 'active' || subscription.status === 'trialing') &&
    !subscription.cancelAtPeriodEnd
  );
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
  const enrolment = facts.enrolments.find(
    (candidate) => candidate.courseId === courseId && isUnexpired(candidate.expiresAt, facts.now),
  );
  const isSubscribed = facts.subscriptions.some(
    (subscription) =>
      isSubscriptionGranting(subscription) &&
      subscriptionProductCovers(subscription.productId, courseId),
  );
  if (isSubscribed || (enrolment && accessTypeOfPurchase(enrolment.purchaseType) === 'paid')) {
    return 'paid';
  }
  const hasBetaGrant = facts.betaGrants.some(
    (grant) =>
      isBetaGrantActive(grant, facts.now) &&
      (grant.courseIds.length === 0 || grant.courseIds.includes(courseId)),
  );
  if (enrolment) return accessTypeOfPurchase(enrolment.purchaseType);
  return hasBetaGrant ? 'beta' : 'none';
}

export function hasCourseAccess(courseId: string, facts: AccessFacts): boolean {
  return courseAccessType(courseId, facts) !== 'none';
}

/** admin; else paid with any live individual or bundle enrolment (or subscription); else beta; else free. */
export function userTier(facts: AccessFacts): UserTier {
  if (facts.isAdmin) return 'admin';
  const live = facts.enrolments.filter((enrolment) => isUnexpired(enrolment.expiresAt, facts.now));
  const isPaid =
    live.some((enrolment) => accessTypeOfPurchase(enrolment.purchaseType) === 'paid') ||
    facts.subscriptions.some(isSubscriptionGranting);
  if (isPaid) return 'paid';
  const isBeta =
    live.some((enrolment) => enrolment.purchaseType === 'beta') ||
    facts.betaGrants.some((grant) => isBetaGrantActive(grant, facts.now));
  return isBeta ? 'beta' : 'free';
}
