import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  adminMessages,
  type grantEnrollmentsResponseSchema,
  type grantEnrollmentsSchema,
  type revokeEnrollmentSchema,
} from '../../shared/api/admin.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { enrolInCoursesWithin, revokeEnrolments } from '../access/enrolments.ts';
import { AppError } from '../http/errors.ts';
import { syncCourseProgress } from '../learning/lesson-completions.ts';

const BETA_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates or overwrites the user's enrolment in each course: beta when Beta is chosen, else
 * individual (spec 2 §4). An overwrite is recorded as a revoke and a grant by the admin; the
 * learner's progress is recomputed from the lessons they completed.
 */
export async function grantEnrollments(
  app: FastifyInstance,
  admin: SessionUser,
  input: z.output<typeof grantEnrollmentsSchema>,
): Promise<z.infer<typeof grantEnrollmentsResponseSchema>> {
  const unknown = input.courseIds.find((courseId) => !app.catalogue.getCourse(courseId));
  if (unknown) {
    throw new AppError('bad_request', `Course not found: ${unknown}`, { courseIds: unknown });
  }
  const userId = await requireUserIdByEmail(app, input.email);
  const isBeta = input.accessType === 'beta';
  const now = new Date();
  const courseIds = [...new Set(input.courseIds)];
  const grant = { userId, courseIds, source: 'admin' as const, actorId: admin.id };
  const granted = await app.db.transaction(async (tx) => {
    await revokeEnrolments(tx, grant);
    return enrolInCoursesWithin(tx, {
      ...grant,
      purchaseType: isBeta ? 'beta' : 'individual',
      now,
      expiresAt: expiryOf(input.expiresAt, isBeta, now),
    });
  });
  for (const courseId of courseIds) await syncCourseProgress(app, userId, courseId);
  return {
    userId,
    enrollments: granted.map((enrolment) => ({
      courseId: enrolment.courseId,
      purchaseType: enrolment.purchaseType,
      enrolledAt: enrolment.enrolledAt.toISOString(),
      expiresAt: enrolment.expiresAt?.toISOString() ?? null,
    })),
  };
}

export async function revokeEnrollment(
  app: FastifyInstance,
  admin: SessionUser,
  input: z.output<typeof revokeEnrollmentSchema>,
): Promise<{ revoked: number }> {
  const userId = await requireUserIdByEmail(app, input.email);
  const revoked = await revokeEnrolments(app.db, {
    userId,
    courseIds: [input.courseId],
    source: 'admin',
    actorId: admin.id,
  });
  return { revoked };
}

/** undefined: the default (beta 30 days, else the enrolment's 365); null: never ends. */
function expiryOf(expiresAt: string | null | undefined, isBeta: boolean, now: Date) {
  if (expiresAt === null) return null;
  if (expiresAt !== undefined) return new Date(expiresAt);
  return isBeta ? new Date(now.getTime() + BETA_DAYS * DAY_MS) : undefined;
}

async function requireUserIdByEmail(app: FastifyInstance, email: string): Promise<string> {
  const context = await app.auth.$context;
  const found = await context.internalAdapter.findUserByEmail(email);
  if (!found) throw new AppError('not_found', adminMessages.userNotFound);
  return found.user.id;
}
