import { z } from 'zod';
import { MAX_IMPORT_CHARACTERS } from '../rules/learner-import.ts';
import { accessTypes, purchaseTypes, userTiers } from '../rules/access.ts';
import { betaGrantViewSchema } from './beta.ts';
import { paymentPlanSummarySchema } from './payments.ts';
import { accountActions, adminMessages } from '../rules/admin.ts';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../rules/email.ts';
import { pageQuerySchema } from './pagination.ts';
import { totpCodeSchema } from './account.ts';

export {
  adminMessages,
  FRESH_SECOND_FACTOR_MINUTES,
  SECOND_FACTOR_NEEDED,
  secondFactorMessages,
} from '../rules/admin.ts';

export const adminOkSchema = z.object({ ok: z.literal(true) });

const email = z
  .string()
  .max(EMAIL_MAX_LENGTH, { message: 'expected an email address', abort: true })
  .trim()
  .toLowerCase()
  .refine(isEmailAddress, 'expected an email address');
const courseId = z.string().min(1).max(100);
const userId = z.string().trim().min(1).max(100);
const courseIds = z.array(courseId).min(1, adminMessages.selectCourse).max(50);
/** When access ends; omitted: 30 days for beta, 365 otherwise; null: never. */
const expiresAt = z
  .string()
  .max(40, { message: 'expected a date and time', abort: true })
  .pipe(z.iso.datetime({ offset: true, message: 'expected a date and time' }))
  .nullable()
  .optional();

export const userParamsSchema = z.object({ userId });

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  createdAt: z.string(),
  role: z.enum(['user', 'admin']),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * Spec 2 §2 'Email search': the user whose email is the text, else the first whose email starts
 * with it, else the first whose email or name contains it.
 */
export const userSearchQuerySchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'enter the text to search for')
    .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`),
});

/** The paged user list, newest first, or by email those whose email or name contains `search`. */
export const userListQuerySchema = pageQuerySchema.extend({
  search: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
    .default(''),
});
export const userListSchema = z.object({
  users: z.array(adminUserSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type UserList = z.infer<typeof userListSchema>;

export const adminEnrollmentSchema = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  purchaseType: z.enum(purchaseTypes),
  accessType: z.enum(accessTypes),
  enrolledAt: z.string(),
  expiresAt: z.string().nullable(),
  progress: z.number().int(),
});
export type AdminEnrollment = z.infer<typeof adminEnrollmentSchema>;

export const accessEventSchema = z.object({
  id: z.number().int(),
  courseId: z.string(),
  courseTitle: z.string(),
  action: z.enum(['grant', 'revoke', 'extend', 'open-module', 'withdraw-opening']),
  source: z.string(),
  reference: z.string().nullable(),
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type AccessEvent = z.infer<typeof accessEventSchema>;

/** What an admin did to the account itself: ended its sessions, disabled or enabled it. */
export const accountEventSchema = z.object({
  action: z.enum(accountActions),
  actorEmail: z.string(),
  createdAt: z.string(),
});
export type AccountEvent = z.infer<typeof accountEventSchema>;

/** A subscription the user has with the payment provider, as its latest event told us. */
export const adminSubscriptionSchema = z.object({
  id: z.string(),
  productId: z.string(),
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  /** Whether it opens courses now. */
  isGranting: z.boolean(),
  /** After a failed renewal: open until then while Stripe retries (docs/decisions/038). */
  graceEndsAt: z.string().nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

/** A coming-soon course a paid bundle includes: "Included, opens when released". */
export const includedOnReleaseSchema = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  purchaseId: z.string(),
  purchasedAt: z.string(),
});
export type IncludedOnRelease = z.infer<typeof includedOnReleaseSchema>;

/**
 * One user as the admin panel shows them: details, every source of their access (enrollments,
 * complimentary grants among them; beta grants; subscriptions; courses included on release)
 * and the access audit trail.
 */
/** Paced release: a module of a course the user can open, and when it opens for them. */
export const pacedModuleSchema = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  moduleId: z.string(),
  moduleTitle: z.string(),
  /** When it opens (or opened) for this learner. */
  opensAt: z.string(),
  isOpen: z.boolean(),
  /** When an admin opened it early for them, else null. */
  openedEarlyAt: z.string().nullable(),
});
export type PacedModule = z.infer<typeof pacedModuleSchema>;

export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  tier: z.enum(userTiers),
  enrollments: z.array(adminEnrollmentSchema),
  betaGrants: z.array(betaGrantViewSchema),
  subscriptions: z.array(adminSubscriptionSchema),
  /** Purchases paid in monthly payments, where each stands. */
  paymentPlans: z.array(paymentPlanSummarySchema),
  includedOnRelease: z.array(includedOnReleaseSchema),
  accessEvents: z.array(accessEventSchema),
  /** When an admin disabled the account; null while it may sign in. */
  disabledAt: z.string().nullable(),
  accountEvents: z.array(accountEventSchema),
  /** Paced modules of the courses the user can open. */
  pacedModules: z.array(pacedModuleSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const accessTypeChoices = ['complimentary', 'paid', 'beta'] as const;
export type AccessTypeChoice = (typeof accessTypeChoices)[number];

/** Spec 2 §4 'Admin grant': creates or overwrites the enrollment of each course, never a paid one. */
export const grantEnrollmentsSchema = z.object({
  userId,
  courseIds,
  accessType: z.enum(accessTypeChoices).default('complimentary'),
  expiresAt,
});
export type GrantEnrollmentsInput = z.input<typeof grantEnrollmentsSchema>;
export const grantEnrollmentsResponseSchema = z.object({ granted: z.number().int() });

export const revokeEnrollmentSchema = z.object({ userId, courseId });
export const revokeEnrollmentResponseSchema = z.object({ revoked: z.number().int() });

/** Paced release: an admin opens a module early for one learner. */
export const openModuleEarlySchema = z.object({
  courseId: z
    .string()
    .max(100, { message: 'courseId must be at most 100 characters', abort: true })
    .min(1, 'courseId is required'),
  moduleId: z
    .string()
    .max(100, { message: 'moduleId must be at most 100 characters', abort: true })
    .min(1, 'moduleId is required'),
});
export const openModuleEarlyResponseSchema = z.object({ opened: z.boolean() });
export const withdrawEarlyOpeningResponseSchema = z.object({ withdrawn: z.boolean() });

/** Takes a coming-soon course out of the user's bundle, so it does not open on release. */
export const withdrawIncludedOnReleaseSchema = z.object({ userId, courseId });

/** Spec 2 §5 'Admin bulk grant': beta access for every listed email that has an account. */
export const bulkBetaGrantSchema = z.object({
  emails: z.array(email).min(1, adminMessages.validEmails).max(500),
  courseIds,
  expiresAt,
});
export type BulkBetaGrantInput = z.input<typeof bulkBetaGrantSchema>;
export const bulkBetaGrantResponseSchema = z.object({
  userCount: z.number().int(),
  courseCount: z.number().int(),
  notFound: z.array(z.string()),
  /** Accounts whose address is not confirmed yet: granted when it is. */
  waitingForConfirmation: z.array(z.string()),
});
export type BulkBetaGrantResponse = z.infer<typeof bulkBetaGrantResponseSchema>;

export const reflectionReadSchema = z.object({
  courseId: z.string(),
  lessonName: z.string(),
  question: z.string(),
  response: z.string(),
  completed: z.boolean(),
  updatedAt: z.string(),
});
export const userReflectionsSchema = z.object({ reflections: z.array(reflectionReadSchema) });
export type UserReflections = z.infer<typeof userReflectionsSchema>;

export const goLiveItems = [
  'payments',
  'mail',
  'contactEmail',
  'helplinePhone',
  'sessions',
] as const;
export const goLiveItemSchema = z.object({ item: z.enum(goLiveItems), isReady: z.boolean() });
export type GoLiveItem = z.infer<typeof goLiveItemSchema>;

export const overviewSchema = z.object({
  /** The go-live checklist: what is still set to a default that a paying learner would trip on. */
  goLive: z.array(goLiveItemSchema),
  counts: z.object({
    users: z.number().int(),
    purchases: z.number().int(),
    revenueCents: z.number().int(),
    assessments: z.number().int(),
    unansweredAssessments: z.number().int(),
    /** Inbox items (assessments, refund requests, contact messages) no admin has looked at yet. */
    newInboxItems: z.number().int(),
    subscribers: z.number().int(),
  }),
  /** Scheduled backups (BACKUP_EVERY, BACKUP_KEEP), and the newest that succeeded and failed. */
  backups: z.object({
    /** Hours between scheduled backups; null when they are off. */
    everyHours: z.number().int().nullable(),
    keep: z.number().int(),
    lastSuccess: z.object({ at: z.string(), bytes: z.number().int().nullable() }).nullable(),
    lastFailure: z.object({ at: z.string(), error: z.string() }).nullable(),
  }),
  /** One row per week (its Monday), oldest first. */
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      signUps: z.number().int(),
      purchases: z.number().int(),
      revenueCents: z.number().int(),
    }),
  ),
});
export type Overview = z.infer<typeof overviewSchema>;

export const subscriberListSchema = z.object({
  subscribers: z.array(z.object({ email: z.string(), createdAt: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SubscriberList = z.infer<typeof subscriberListSchema>;

export const diagnosticsSchema = z.object({
  database: z.object({ status: z.enum(['up', 'down']), version: z.string() }),
  /** Applied migrations, by name and the time they were written. */
  migrations: z.array(z.object({ name: z.string(), createdAt: z.string() })),
});
export type Diagnostics = z.infer<typeof diagnosticsSchema>;

/** A code from the admin's authenticator, good once, as at sign-in. */
export const confirmSecondFactorSchema = totpCodeSchema.pick({ code: true });
export const secondFactorConfirmedSchema = z.object({ freshUntil: z.string() });
export type SecondFactorConfirmed = z.infer<typeof secondFactorConfirmedSchema>;

/** A sheet of learners to bring in (issue 32): checked whole, or applied. */
export const learnerImportSchema = z.object({
  csv: z
    .string()
    .min(1, 'Choose a sheet (CSV) to import.')
    .max(MAX_IMPORT_CHARACTERS, 'The sheet is too large: import at most 2 MB at a time.'),
  dryRun: z.boolean(),
});
export const learnerImportReportSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  accountsCreated: z.number().int(),
  accessGranted: z.number().int(),
  alreadyThere: z.number().int(),
  problems: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type LearnerImportReport = z.infer<typeof learnerImportReportSchema>;
