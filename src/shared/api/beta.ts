import { z } from 'zod';
import { betaLimits, betaMessages, grantMethods } from '../rules/beta.ts';

const courseId = z.string().trim().min(1, 'expected a course id').max(100);
/** An empty list means every course. */
const courseIds = z.array(courseId).max(50).default([]);
const userId = z.string().trim().max(255);
const days = (limits: { min: number; max: number }, name: string) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(limits.min, `${name} must be between ${limits.min} and ${limits.max}`)
    .max(limits.max, `${name} must be between ${limits.min} and ${limits.max}`);

export const generateBetaCodeSchema = z.object({
  courseIds,
  maxUses: days(betaLimits.maxUses, 'Max uses').default(betaLimits.maxUses.default),
  expirationDays: days(betaLimits.codeExpiryDays, 'Expiration days').default(
    betaLimits.codeExpiryDays.default,
  ),
  description: z
    .string()
    .trim()
    .max(500, 'The description can be at most 500 characters')
    .optional(),
});
export type GenerateBetaCodeInput = z.input<typeof generateBetaCodeSchema>;

export const redeemBetaCodeSchema = z.object({
  code: z.string().trim().min(1, betaMessages.codeRequired).max(50, betaMessages.invalidCode),
});
export type RedeemBetaCodeInput = z.input<typeof redeemBetaCodeSchema>;

/** An address, as an admin types it: trimmed, lower case. */
const address = (requiredMessage: string) =>
  z
    .string()
    .trim()
    .min(1, { message: requiredMessage, abort: true })
    .max(254, 'expected an email address')
    .toLowerCase()
    .pipe(z.email({ message: 'expected an email address' }));

/**
 * The spec's user id, or (as the admin panel asks) the address of the user's account; one of
 * them is required (checked by the server, after every string is bounded).
 */
export const grantBetaAccessSchema = z.object({
  userId: userId.min(1, betaMessages.userIdRequired).optional(),
  email: address(betaMessages.userEmailRequired).optional(),
  courseIds,
  /** When access ends; null never; omitted: durationDays from now. */
  expiresAt: z
    .string()
    .max(40, 'expected a date and time')
    .pipe(z.iso.datetime({ offset: true, message: 'expected a date and time' }))
    .nullable()
    .optional(),
  durationDays: days(betaLimits.accessDays, 'Duration').optional(),
});
export type GrantBetaAccessInput = z.input<typeof grantBetaAccessSchema>;

export const createBetaInvitationSchema = z.object({
  email: address(betaMessages.emailRequired),
  courseIds,
  durationDays: days(betaLimits.accessDays, 'Duration').default(betaLimits.accessDays.default),
});
export type CreateBetaInvitationInput = z.input<typeof createBetaInvitationSchema>;

export const betaGrantParamsSchema = z.object({ grantId: z.uuid('expected a grant id') });

export const checkBetaAccessSchema = z.object({
  /** Omitted: the caller. Another user's id needs the admin role. */
  userId: userId.min(1).optional(),
  /** Omitted: any course. */
  courseId: courseId.optional(),
});

export const convertBetaToPaidSchema = z.object({
  userId: userId.optional(),
  customerId: z.string().max(255).optional(),
  courseIds,
  isBundle: z.boolean().default(false),
});

export const betaGrantViewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string().optional(),
  courseIds: z.array(z.string()),
  grantedAt: z.string(),
  expiresAt: z.string().nullable(),
  grantedBy: z.string().nullable(),
  grantMethod: z.enum(grantMethods),
  betaCodeUsed: z.string().nullable(),
  /** Active now: not deactivated, upgraded or expired. */
  isActive: z.boolean(),
  endReason: z.enum(['expired', 'deactivated', 'upgraded']).nullable(),
});
export type BetaGrantView = z.infer<typeof betaGrantViewSchema>;

export const betaCodeViewSchema = z.object({
  code: z.string(),
  courseIds: z.array(z.string()),
  maxUses: z.number().int(),
  usedCount: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.string().nullable(),
  /** Redeemable now: active, unexpired and not used up. */
  isActive: z.boolean(),
  description: z.string().nullable(),
});
export type BetaCodeView = z.infer<typeof betaCodeViewSchema>;

export const betaInvitationViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  courseIds: z.array(z.string()),
  invitedAt: z.string(),
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
  claimed: z.boolean(),
  claimedAt: z.string().nullable(),
  claimedByUserId: z.string().nullable(),
});
export type BetaInvitationView = z.infer<typeof betaInvitationViewSchema>;

export const grantResponseSchema = z.object({
  success: z.literal(true),
  grant: betaGrantViewSchema,
});
export const grantBetaAccessResponseSchema = z.object({
  success: z.literal(true),
  /** null while the account's address waits for confirmation: the grant is made then. */
  grant: betaGrantViewSchema.nullable(),
  waitingForConfirmation: z.boolean(),
});
export type GrantBetaAccessResponse = z.infer<typeof grantBetaAccessResponseSchema>;
export const codeResponseSchema = z.object({ code: betaCodeViewSchema });
export const invitationResponseSchema = z.object({ invitation: betaInvitationViewSchema });

/** The caller's own beta status (spec 2 §4: none, partial or full). */
export const myBetaStatusSchema = z.object({
  accessType: z.enum(['none', 'partial', 'full']),
  /** Active grants, the one ending last first. */
  grants: z.array(betaGrantViewSchema),
});
export type MyBetaStatus = z.infer<typeof myBetaStatusSchema>;

export const betaAdminDataSchema = z.object({
  codes: z.array(betaCodeViewSchema),
  grants: z.array(betaGrantViewSchema),
  invitations: z.array(betaInvitationViewSchema),
});
export type BetaAdminData = z.infer<typeof betaAdminDataSchema>;

export const betaStatsSchema = z.object({
  totalActiveBetaUsers: z.number().int(),
  totalExpiredBetaUsers: z.number().int(),
  conversionRate: z.number(),
  courseEngagement: z.array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      betaUserCount: z.number().int(),
      averageProgress: z.number(),
      /** Seconds. */
      averageTimeSpent: z.number(),
    }),
  ),
  updatedAt: z.string(),
});
export type BetaStats = z.infer<typeof betaStatsSchema>;

export const checkBetaAccessResponseSchema = z.object({ hasBetaAccess: z.boolean() });
export const convertBetaToPaidResponseSchema = z.object({
  success: z.literal(true),
  convertedCourseIds: z.array(z.string()),
});

export const betaUpgradeStatusSchema = z.object({
  checkoutId: z.string().trim().min(1, 'checkoutId is required').max(255),
});
/** Whether the caller's checkout ended beta access (it was an upgrade from beta to paid). */
export const betaUpgradeStatusResponseSchema = z.object({ upgraded: z.boolean() });
