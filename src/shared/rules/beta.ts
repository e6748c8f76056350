/** The beta-tester programme's rules, limits and words (spec 2 §4, §5, §8, §9). */

export const BETA_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const BETA_CODE_PATTERN = /^SF-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

export const betaLimits = {
  maxUses: { min: 1, max: 1000, default: 10 },
  codeExpiryDays: { min: 1, max: 365, default: 30 },
  accessDays: { min: 1, max: 365, default: 30 },
  extensionDays: 30,
} as const;

export const grantMethods = ['code', 'admin', 'email'] as const;
export type GrantMethod = (typeof grantMethods)[number];

export const betaMessages = {
  invalidCode: 'Invalid or expired beta code. Please check and try again.',
  redeemFailed: 'Failed to redeem beta code',
  generateFailed: 'Failed to generate beta code',
  grantFailed: 'Failed to grant beta access',
  inviteFailed: 'Failed to create beta invitation',
  deactivateFailed: 'Failed to deactivate beta access',
  revokeFailed: 'Failed to revoke beta access',
  checkFailed: 'Failed to check beta access',
  upgradeFailed: 'Failed to upgrade from beta. Please try again.',
  extendFailed: 'Failed to extend beta access',
  copyFailed: 'Failed to copy to clipboard',
  redeemed: 'Beta code redeemed successfully!',
  generated: 'Beta code generated!',
  granted: 'Beta access granted!',
  waitingForConfirmation: (email: string) =>
    `${email} has not confirmed their email address yet: the access starts when they do.`,
  invited: 'Beta invitation sent!',
  copied: 'Copied to clipboard!',
  deactivated: 'Beta access deactivated',
  extended: (days: number) => `Beta access extended by ${days} days`,
  refreshed: 'Data refreshed',
  upgraded: 'Successfully upgraded from beta to paid access!',
  redirecting: 'Redirecting to checkout...',
  processUpgradeFailed: 'Failed to process upgrade. Please try again.',
  tryLater: 'An error occurred. Please try again later.',
  codeRequired: 'Please enter a beta code',
  alreadyBeta: 'You already have active beta access.',
  invitationExists: 'An unclaimed invitation already exists for this email.',
  userIdRequired: 'A user id is required',
  userEmailRequired: "The user's email is required",
  emailRequired: 'An invitation email is required',
  courseNotFound: (courseId: string) => `Course not found: ${courseId}`,
  grantNotFound: 'Beta grant not found',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/** Codes are matched case-insensitively: stored and compared in upper case. */
export function normalizeBetaCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Whole days left until expiry, never below 0. */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

export type DaysLeftTone = 'red' | 'orange' | 'green';

/** Spec 2 §9: red at 3 days or less, orange at 7 or less, green otherwise; a warning from 7. */
export function daysLeftTone(days: number): { tone: DaysLeftTone; hasWarning: boolean } {
  const tone = days <= 3 ? 'red' : days <= 7 ? 'orange' : 'green';
  return { tone, hasWarning: days <= 7 };
}

/** Spec 2 §9: expired beta users who have a non-beta enrollment ÷ expired users × 100. */
export function conversionRate(expiredUsers: number, convertedUsers: number): number {
  if (expiredUsers === 0) return 0;
  return Math.round((convertedUsers / expiredUsers) * 1000) / 10;
}

/** An empty course list means every course (full access). */
export function betaAccessType(courseIds: readonly string[]): 'full' | 'partial' {
  return courseIds.length === 0 ? 'full' : 'partial';
}

export function grantCovers(courseIds: readonly string[], courseId: string): boolean {
  return courseIds.length === 0 || courseIds.includes(courseId);
}

/** The courses a grant's list covers: every course when the list is empty. */
export function coveredCourseIds(
  courseIds: readonly string[],
  allCourseIds: readonly string[],
): readonly string[] {
  return courseIds.length === 0 ? allCourseIds : courseIds;
}
