import { z } from 'zod';
import { purchaseTypes } from '../rules/access.ts';

export const adminMessages = {
  selectCourse: 'Please select at least one course',
  userNotFound: 'User not found',
} as const;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'expected an email address' }));
const courseId = z.string().min(1).max(100);

/** Spec 2 §4 'Admin grant': creates or overwrites the enrolment of each course. */
export const grantEnrollmentsSchema = z.object({
  email,
  courseIds: z.array(courseId).min(1, adminMessages.selectCourse).max(50),
  accessType: z.enum(['paid', 'complimentary', 'beta']).default('complimentary'),
  /** When access ends; omitted: 30 days for beta, 365 otherwise; null: never. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export const revokeEnrollmentSchema = z.object({ email, courseId });

const adminEnrollmentSchema = z.object({
  courseId: z.string(),
  purchaseType: z.enum(purchaseTypes),
  enrolledAt: z.string(),
  expiresAt: z.string().nullable(),
});

export const grantEnrollmentsResponseSchema = z.object({
  userId: z.string(),
  enrollments: z.array(adminEnrollmentSchema),
});

export const revokeEnrollmentResponseSchema = z.object({ revoked: z.number().int() });
