import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { ValueOrPlaceholder } from '../db/prepare-once.ts';
import { courseEnrollments } from '../db/schema/access.ts';

/**
 * A learner with an unexpired enrollment in a course has access to it, whatever else is true
 * (courseAccessType), so this check can ride along in another statement; without it, the full
 * access facts decide. `countsTestPayments` is whether the app is in payment test mode: once live
 * payments are on, access granted by a test payment does not count (as in getAccessFacts).
 */
export function hasUnexpiredEnrollment(
  userId: ValueOrPlaceholder<string>,
  courseId: ValueOrPlaceholder<string>,
  countsTestPayments: ValueOrPlaceholder<boolean>,
): SQL {
  return sql`exists (select 1 from ${courseEnrollments} where ${and(
    unexpiredEnrollment(userId, courseId),
    sql`(${countsTestPayments} or not ${courseEnrollments.isTestPayment})`,
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
