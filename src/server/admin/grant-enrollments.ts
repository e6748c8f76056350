import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type {
  AccessTypeChoice,
  grantEnrollmentsSchema,
  revokeEnrollmentSchema,
} from '../../shared/api/admin.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { isUnexpired, type PurchaseType } from '../../shared/rules/access.ts';
import { formatAdminDate } from '../../shared/rules/admin.ts';
import { enrollInCourses, listEnrollments, revokeEnrollments } from '../access/enrollments.ts';
import { AppError } from '../http/errors.ts';
import { syncCourseProgress } from '../learning/lesson-completions.ts';
import { requireUserRecord } from './require-user-record.ts';

const BETA_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What each choice is stored as: a complimentary grant stays complimentary, never 'paid'. */
const purchaseTypeOf: Record<AccessTypeChoice, PurchaseType> = {
  complimentary: 'complimentary',
  paid: 'paid',
  beta: 'beta',
};
const grantableOver: readonly PurchaseType[] = ['beta', 'complimentary'];

/**
 * Creates or overwrites the user's enrollment in each course (spec 2 §4), recorded as the admin's
 * grant. A course the learner has live paid access to is refused with what would be lost: a
 * grant never replaces a purchase.
 */
export async function grantEnrollments(
  app: FastifyInstance,
  admin: SessionUser,
  input: z.output<typeof grantEnrollmentsSchema>,
): Promise<{ granted: number }> {
  const courseIds = [...new Set(input.courseIds)];
  requireGrantableCourses(app, courseIds);
  const user = await requireUserRecord(app.db, input.userId);
  const now = new Date();
  const paid = (await listEnrollments(app.db, user.id)).filter(
    (enrollment) =>
      courseIds.includes(enrollment.courseId) &&
      isUnexpired(enrollment.expiresAt, now) &&
      !grantableOver.includes(enrollment.purchaseType),
  );
  if (paid.length > 0) {
    const lost = paid.map(
      (enrollment) =>
        `${titleOf(app, enrollment.courseId)} (${enrollment.purchaseType}, expires ${
          enrollment.expiresAt ? formatAdminDate(enrollment.expiresAt.toISOString()) : 'Never'
        })`,
    );
    throw new AppError(
      'conflict',
      `${user.email} has paid access to ${lost.join(', ')}. A grant would replace it; revoke it first if you mean to.`,
    );
  }
  const granted = await enrollInCourses(app.db, {
    userId: user.id,
    courseIds,
    purchaseType: purchaseTypeOf[input.accessType],
    source: 'admin',
    actorId: admin.id,
    now,
    expiresAt: expiryOf(input.expiresAt, input.accessType === 'beta', now),
  });
  for (const courseId of courseIds) await syncCourseProgress(app, user.id, courseId);
  return { granted: granted.length };
}

export async function revokeEnrollment(
  app: FastifyInstance,
  admin: SessionUser,
  input: z.output<typeof revokeEnrollmentSchema>,
): Promise<{ revoked: number }> {
  const user = await requireUserRecord(app.db, input.userId);
  const revoked = await revokeEnrollments(app.db, {
    userId: user.id,
    courseIds: [input.courseId],
    source: 'admin',
    actorId: admin.id,
  });
  if (revoked === 0) throw new AppError('not_found', 'No enrollment in this course to revoke.');
  return { revoked };
}

export function requireGrantableCourses(app: FastifyInstance, courseIds: readonly string[]) {
  const unknown = courseIds.find((courseId) => !app.catalogue.getCourse(courseId));
  if (unknown) {
    throw new AppError('bad_request', `Course not found: ${unknown}`, { courseIds: unknown });
  }
}

function titleOf(app: FastifyInstance, courseId: string): string {
  return app.catalogue.getCourse(courseId)?.title ?? courseId;
}

/** undefined: the default (beta 30 days, else the enrollment's 365); null: never ends. */
export function expiryOf(expiresAt: string | null | undefined, isBeta: boolean, now: Date) {
  if (expiresAt === null) return null;
  if (expiresAt !== undefined) return new Date(expiresAt);
  return isBeta ? new Date(now.getTime() + BETA_DAYS * DAY_MS) : undefined;
}
