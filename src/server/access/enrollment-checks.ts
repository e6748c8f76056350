import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentMode } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { ValueOrPlaceholder } from '../db/prepare-once.ts';
import { courseEnrollments } from '../db/schema/access.ts';

/**
 * Whether an enrollment counts toward access in a payment mode: once live payments are on, an
 * enrollment that a test payment opened was never paid for. `enrollmentGrantsAccessSql` is the
 * same rule in SQL; enrollment-checks.test.ts holds the two forms together.
 */
export function countsTowardAccess(
  enrollment: { isTestPayment: boolean },
  paymentMode: PaymentMode,
): boolean {
  return paymentMode === 'test' || !enrollment.isTestPayment;
}

/**
 * Whether the user holds an unexpired enrollment in the course that counts toward access in the
 * payment mode (`app.config.paymentMode`, or a placeholder for it). Such a learner has access,
 * whatever else is true (courseAccessType), so this check can ride along in another statement;
 * without it, the full access facts decide.
 */
export function enrollmentGrantsAccessSql(
  userId: ValueOrPlaceholder<string>,
  courseId: ValueOrPlaceholder<string>,
  paymentMode: ValueOrPlaceholder<PaymentMode>,
): SQL {
  return sql`exists (select 1 from ${courseEnrollments} where ${and(
    unexpiredEnrollment(userId, courseId),
    sql`(${paymentMode}::text = 'test' or not ${courseEnrollments.isTestPayment})`,
  )})`;
}

/**
 * Opening a course's lesson counts as a visit to an unexpired enrollment, as a statement. A visit
 * is kept to the minute: a learner moving through lessons, or a page opened again, writes nothing
 * within the minute, so reading a lesson rarely waits on a row lock or a commit to disk.
 */
export function touchEnrollmentStatement(
  db: Database,
  userId: ValueOrPlaceholder<string>,
  courseId: ValueOrPlaceholder<string>,
  now: ValueOrPlaceholder<Date>,
): SQL {
  return db
    .update(courseEnrollments)
    .set({ lastAccessedAt: sql`${now}` })
    .where(
      and(
        unexpiredEnrollment(userId, courseId),
        or(
          isNull(courseEnrollments.lastAccessedAt),
          lt(courseEnrollments.lastAccessedAt, sql`${now}::timestamptz - interval '1 minute'`),
        ),
      ),
    )
    .getSQL();
}

function unexpiredEnrollment(
  userId: ValueOrPlaceholder<string>,
  courseId: ValueOrPlaceholder<string>,
) {
  return and(
    eq(courseEnrollments.userId, userId),
    eq(courseEnrollments.courseId, courseId),
    or(isNull(courseEnrollments.expiresAt), gt(courseEnrollments.expiresAt, sql`now()`)),
  );
}
