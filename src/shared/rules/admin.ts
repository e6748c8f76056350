import { isEmailAddress } from './email.ts';

/** The admin panel's rules and messages (spec 2 §4, §5, §6 and §8). */

/** How long a confirmed authenticator code lets an admin take sensitive actions (T4-L6). */
export const FRESH_SECOND_FACTOR_MINUTES = 10;

/** The error code of a sensitive admin action refused for want of a fresh second factor. */
export const SECOND_FACTOR_NEEDED = 'second_factor_needed';

export const secondFactorMessages = {
  needed: `Enter a code from your authenticator app: this action asks for one confirmed in the last ${FRESH_SECOND_FACTOR_MINUTES} minutes.`,
} as const;

export const adminMessages = {
  checkingPermissions: 'Checking permissions...',
  notAdmin: 'You do not have permission to access this page',
  verifyFailed: 'Failed to verify admin permissions',
  selectCourse: 'Please select at least one course',
  userNotFound: 'User not found',
  searchFailed: 'Failed to search for user',
  enrollmentsFailed: 'Failed to fetch user enrollments',
  grantFailed: 'Failed to grant access',
  revokeFailed: 'Failed to revoke access',
  validEmails: 'Please enter valid email addresses',
  noUsersFound: 'No users found with the provided emails',
  bulkFailed: 'Failed to grant bulk access',
  noEnrollments: 'No enrollments found',
  clearAllDenied: 'Permission denied: Only admins can clear all enrollments',
  clearAllFailed: 'Failed to clear enrollments',
  twoFactorRequired:
    'Admins must sign in with two-factor authentication. Turn it on in Settings > Privacy & Security (Setup 2FA), then open the admin panel again.',
} as const;

export const adminSuccess = {
  granted: (courseCount: number) => `Access granted to ${courseCount} course(s)`,
  revoked: (courseTitle: string) => `Access to ${courseTitle} revoked`,
  cleared: (courseCount: number) => `All enrollments cleared (${courseCount} course(s))`,
  bulkGranted: (userCount: number, courseCount: number) =>
    `Beta access granted to ${userCount} user(s) for ${courseCount} course(s)`,
};

/** What an admin may read of a learner's private text; each read is recorded for the learner. */
export const adminReadSubjects = [
  'reflections',
  'companion-conversation',
  'companion-moods-and-patterns',
  'companion-settings',
  'customer-export',
] as const;
export type AdminReadSubject = (typeof adminReadSubjects)[number];

/** What an admin may do to an account itself, each recorded in the user's access history. */
export const accountActions = [
  'sessions-ended',
  'disabled',
  'enabled',
  'session-cancelled',
  'meeting-link-changed',
  'outbox-mail-revealed',
] as const;
export type AccountAction = (typeof accountActions)[number];

export const accountControlMessages = {
  accountDisabled: 'This account is disabled. Please contact us if you think this is a mistake.',
  cannotDisableSelf: 'You cannot disable your own account.',
  sessionsEnded: 'All sessions of this user were ended',
  disabled: 'The account was disabled and signed out everywhere',
  enabled: 'The account was enabled',
} as const;

/**
 * The bulk action's email list: split on newlines and commas, trimmed, lower-cased, without
 * blanks or repeats. null when any entry is not an email address.
 */
export function parseEmailList(text: string): string[] | null {
  const entries = text
    .split(/[\n,]/)
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry.length > 0);
  if (entries.length === 0) return null;
  const isValid = isEmailAddress;
  return entries.every(isValid) ? [...new Set(entries)] : null;
}

/** The admin panel writes dates as the rest of the product does (one format, rules/dates.ts). */
export { formatDate as formatAdminDate } from './dates.ts';

/** Escapes LIKE's wildcards so a search text is matched as typed. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
