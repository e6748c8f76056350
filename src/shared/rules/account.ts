/** The learner's preferences and the account area's messages (spec 2 §3, §8, §9). */

export const themePreferences = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof themePreferences)[number];

export interface NotificationPreferences {
  email_notifications: boolean;
  course_updates: boolean;
  marketing_emails: boolean;
}

export const defaultNotificationPreferences: NotificationPreferences = {
  email_notifications: true,
  course_updates: true,
  marketing_emails: false,
};

/** One of the learner's mail switches, as a lifecycle mail and its unsubscribe link name it. */
export type NotificationSwitch = keyof NotificationPreferences;
export const notificationSwitches = [
  'email_notifications',
  'course_updates',
  'marketing_emails',
] as const satisfies readonly NotificationSwitch[];

/** The switches as the Settings page labels them. */
export const notificationSwitchLabels: Record<NotificationSwitch, string> = {
  email_notifications: 'Email Notifications',
  course_updates: 'Course Updates',
  marketing_emails: 'Marketing Emails',
};

/** Whether a mail that `switchName` governs may go: Email Notifications off holds off all three. */
export function mayMail(preferences: NotificationPreferences, switchName: NotificationSwitch) {
  return preferences.email_notifications && preferences[switchName];
}

/**
 * The switch an unsubscribe token names (`<switch>.<signed switch and user>`), for the page that
 * asks to confirm; the server checks the signature when the button is pressed.
 */
export function switchOfUnsubscribeToken(token: string): NotificationSwitch | null {
  const named = token.slice(0, token.indexOf('.'));
  return notificationSwitches.find((candidate) => candidate === named) ?? null;
}

export const accountMessages = {
  loadSettingsFailed: 'Failed to load profile settings',
  saveSettingsFailed: 'Failed to save settings',
  loadProfileFailed: 'Failed to load profile',
  updateProfileFailed: 'Failed to update profile',
  settingsSaved: 'Settings saved successfully',
  profileUpdated: 'Profile updated successfully',
  profileNotFound: 'Profile not found',
  passwordChanged: 'Your password was changed. Other devices were signed out.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Your current password is not correct',
  passwordConfirmationRequired: 'Please enter your password to confirm',
  accountDeleted: 'Your account was deleted.',
  deviceSignedOut: 'The device was signed out.',
  refundRequested: 'Your refund request was sent. We will answer by email.',
  noContactAddress: 'Refund requests by form are not available. Please write to us by email.',
  websiteInvalid: 'Please enter a full web address starting with https://',
  purchaseNotFound: 'Purchase not found',
  subscriptionStillActive:
    'Please cancel your subscription in the billing portal (Settings > Billing) before deleting your account.',
} as const;

/**
 * What the data export and account deletion cover of the data kept under an email address
 * (assessments, the newsletter, beta invitations, copies of mail): it belongs to whoever owns the
 * address, so it joins an account only once that account has confirmed it.
 */
export const addressDataCoverage = {
  exportIncluded:
    'Included: the assessments, contact messages, newsletter subscription and beta invitations sent with your confirmed email address.',
  exportWithheld:
    'Not included: assessments, contact messages, a newsletter subscription or beta invitations sent with your email address. They join your account once you confirm that address, so that only its owner can read them.',
  deletionIncluded:
    'Assessments, contact messages, the newsletter subscription and beta invitations sent with your confirmed email address are deleted too.',
  deletionWithheld:
    'Your email address is not confirmed, so assessments, contact messages, a newsletter subscription or beta invitations sent with it are left as they are: they belong to whoever owns the address.',
} as const;

/** The money-back guarantee: a refund may be asked for within 30 days of a purchase. */
export const REFUND_WINDOW_DAYS = 30;

export function isWithinRefundWindow(purchasedAt: Date, now: Date): boolean {
  return now.getTime() - purchasedAt.getTime() <= REFUND_WINDOW_DAYS * 24 * 60 * 60 * 1000;
}
