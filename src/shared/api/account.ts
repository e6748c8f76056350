import { z } from 'zod';
import {
  accountMessages,
  notificationSwitches,
  themePreferences,
  type NotificationPreferences,
} from '../rules/account.ts';
import { fullNameSchema, signUpSchema } from './auth.ts';
import { authMessages, PASSWORD_MAX_LENGTH } from '../rules/auth.ts';
import { myAccessResponseSchema } from './access.ts';
import { invoiceSummarySchema, paymentPlanSummarySchema, purchaseSchema } from './payments.ts';

/** An empty field clears it; anything else must be a full http(s) address. */
const webAddress = z
  .string()
  .trim()
  .max(500, { message: 'The address can be at most 500 characters', abort: true })
  .refine((value) => value === '' || isWebAddress(value), {
    message: accountMessages.websiteInvalid,
  });

/**
 * `http(s)://`, then no white space and a dot with text on both sides: in one pass, as a
 * pattern with two `[^\s]+` groups backtracked quadratically over a long value.
 */
export function isWebAddress(value: string): boolean {
  const address = value.replace(/^https?:\/\//, '');
  if (address === value || /\s/.test(address)) return false;
  const dot = address.indexOf('.', 1);
  return dot !== -1 && dot < address.length - 1;
}

export const profileFieldsSchema = z.object({
  fullName: fullNameSchema,
  bio: z
    .string()
    .trim()
    .max(2000, { message: 'The bio can be at most 2000 characters', abort: true }),
  website: webAddress,
  avatarUrl: webAddress,
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/** Any of the profile's fields; the settings page sends one at a time, the profile page all. */
export const updateProfileSchema = profileFieldsSchema
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to update' });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const profileSchema = profileFieldsSchema.extend({
  email: z.string(),
  memberSince: z.string(),
  stats: z.object({
    coursesEnrolled: z.number().int().nonnegative(),
    lessonsCompleted: z.number().int().nonnegative(),
    reflectionsWritten: z.number().int().nonnegative(),
  }),
});
export type Profile = z.infer<typeof profileSchema>;

const notificationPreferencesSchema = z.object({
  email_notifications: z.boolean(),
  course_updates: z.boolean(),
  marketing_emails: z.boolean(),
}) satisfies z.ZodType<NotificationPreferences>;

export const settingsSchema = z.object({
  notificationPreferences: notificationPreferencesSchema,
  themePreference: z.enum(themePreferences),
  twoFactorEnabled: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const updateSettingsSchema = z
  .object({
    notificationPreferences: notificationPreferencesSchema.partial(),
    themePreference: z.enum(themePreferences, { message: 'expected light, dark or system' }),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to update' });
export type UpdateSettingsInput = z.input<typeof updateSettingsSchema>;

const currentPassword = z
  .string()
  .min(1, accountMessages.currentPasswordRequired)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

/** The register form's password rules for the new password. */
export const changePasswordSchema = z.object({
  currentPassword,
  newPassword: signUpSchema.shape.password,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().max(PASSWORD_MAX_LENGTH) })
  .refine((form) => form.confirmPassword === form.newPassword, {
    path: ['confirmPassword'],
    message: authMessages.passwordsDoNotMatch,
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

export const deleteAccountSchema = z.object({
  password: z
    .string()
    .min(1, accountMessages.passwordConfirmationRequired)
    .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const deviceSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  isCurrent: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;
export const devicesSchema = z.object({ devices: z.array(deviceSchema) });
export const deviceParamsSchema = z.object({ deviceId: z.string().min(1).max(64) });

export const billingSchema = z.object({
  plan: myAccessResponseSchema.shape.tier,
  purchases: z.array(purchaseSchema.extend({ isRefundable: z.boolean() })),
  invoices: z.array(invoiceSummarySchema),
  /** Purchases paid in monthly payments, where each stands. */
  paymentPlans: z.array(paymentPlanSummarySchema),
  hasSubscription: z.boolean(),
  canOpenBillingPortal: z.boolean(),
  /** Where refund requests go; null when the operator set no contact address. */
  contactEmail: z.string().nullable(),
});
export type Billing = z.infer<typeof billingSchema>;

export const refundRequestSchema = z.object({
  purchaseId: z.string().trim().min(1, accountMessages.purchaseNotFound).max(255),
  reason: z.string().trim().max(2000, 'The reason can be at most 2000 characters'),
});
export type RefundRequestInput = z.input<typeof refundRequestSchema>;

export const exportQuerySchema = z.object({
  format: z.enum(['json', 'html'], { message: 'expected json or html' }).default('json'),
});

export const okSchema = z.object({ ok: z.literal(true) });

/** Two-factor sign-in (Better Auth's twoFactor plugin), validated before Better Auth sees it. */
export const twoFactorMessages = {
  codeInvalid: 'Enter the 6-digit code from your authenticator app',
  codeUsed: 'This code was used already. Enter the next code your authenticator app shows.',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
} as const;

export const twoFactorPasswordSchema = deleteAccountSchema;

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .max(10, { message: twoFactorMessages.codeInvalid, abort: true })
    .regex(/^\d{6}$/, twoFactorMessages.codeInvalid),
  trustDevice: z.boolean().optional(),
});

export const recoveryCodeSchema = z.object({
  code: z.string().trim().min(1, twoFactorMessages.recoveryCodeRequired).max(64),
  trustDevice: z.boolean().optional(),
});

export const twoFactorSetupSchema = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** The signed token of a lifecycle mail's unsubscribe link: it names the learner and the switch. */
export const notificationUnsubscribeQuerySchema = z.object({
  token: z.string().trim().min(1, 'token is required').max(600, 'token is too long'),
});
export const notificationUnsubscribedSchema = z.object({
  unsubscribed: z.literal(true),
  switch: z.enum(notificationSwitches),
});
export type NotificationUnsubscribed = z.infer<typeof notificationUnsubscribedSchema>;
