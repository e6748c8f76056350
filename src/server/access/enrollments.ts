import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  enrollmentExpiry,
  isUnexpired,
  purchaseTypesThatEnd,
  type AccessEndingWindow,
  type PurchaseType,
} from '../../shared/rules/access.ts';
import { clampProgress } from '../../shared/rules/progress.ts';
import type { Database, Executor, Transaction } from '../db/client.ts';
import {
  accessEvents,
  courseEnrollments,
  type AccessAction,
  type AccessSource,
} from '../db/schema/access.ts';
import { AppError } from '../http/errors.ts';

export type Enrollment = typeof courseEnrollments.$inferSelect;
export type { AccessAction, AccessSource };

export interface GrantRequest {
  userId: string;
  courseIds: readonly string[];
  purchaseType: PurchaseType;
  source: AccessSource;
  /** What caused it: a Checkout session id, a subscription id, a beta code. */
  reference?: string;
  actorId?: string;
  /** When the enrollment ends; a purchase lasts 365 days, null never ends. */
  expiresAt?: Date | null;
  /** A purchase of payment test mode. */
  isTestPayment?: boolean;
  now?: Date;
}

const upgradeable: readonly PurchaseType[] = ['beta', 'complimentary'];

export async function listEnrollments(db: Executor, userId: string): Promise<Enrollment[]> {
  return db.select().from(courseEnrollments).where(eq(courseEnrollments.userId, userId));
}

/**
 * Enrolls a user in courses, in one transaction with its audit records. An active paid enrollment
 * is refused ('conflict'); an active beta or complimentary one is turned into this purchase.
 */
export async function enrollInCourses(db: Database, request: GrantRequest): Promise<Enrollment[]> {
  return db.transaction((tx) => enrollInCoursesWithin(tx, request));
}

export async function enrollInCoursesWithin(
  tx: Transaction,
  request: GrantRequest,
): Promise<Enrollment[]> {
  const now = request.now ?? new Date();
  const expiresAt = request.expiresAt === undefined ? enrollmentExpiry(now) : request.expiresAt;
  const isTestPayment = request.isTestPayment ?? false;
  const existing = await tx
    .select()
    .from(courseEnrollments)
    .where(
      and(
        eq(courseEnrollments.userId, request.userId),
        inArray(courseEnrollments.courseId, [...request.courseIds]),
      ),
    )
    .for('update');
  const blocking = existing.find(
    (enrollment) =>
      isUnexpired(enrollment.expiresAt, now) &&
      !upgradeable.includes(enrollment.purchaseType) &&
      !(enrollment.isTestPayment && !isTestPayment),
  );
  if (blocking) throw new AppError('conflict', `You are already enrolled in ${blocking.courseId}.`);

  const granted: Enrollment[] = [];
  for (const courseId of request.courseIds) {
    // A renewed or upgraded enrollment keeps the learner's progress and first start (`startedAt`).
    const [row] = await tx
      .insert(courseEnrollments)
      .values({
        userId: request.userId,
        courseId,
        purchaseType: request.purchaseType,
        enrolledAt: now,
        startedAt: firstStart(request.userId, courseId, now),
        expiresAt,
        isTestPayment,
      })
      .onConflictDoUpdate({
        target: [courseEnrollments.userId, courseEnrollments.courseId],
        set: { purchaseType: request.purchaseType, enrolledAt: now, expiresAt, isTestPayment },
      })
      .returning();
    granted.push(row!);
    await recordAccessEvent(tx, { ...request, courseId, action: 'grant' });
  }
  return granted;
}

/** The learner's first grant of the course, kept even if an enrollment was revoked in between. */
function firstStart(userId: string, courseId: string, now: Date) {
  return sql`(select least(min(${accessEvents.createdAt}), ${now.toISOString()}::timestamptz) from ${accessEvents}
    where ${accessEvents.userId} = ${userId} and ${accessEvents.courseId} = ${courseId}
      and ${accessEvents.action} = 'grant')`;
}

export async function revokeEnrollments(
  db: Executor,
  request: {
    userId: string;
    courseIds: readonly string[];
    source: AccessSource;
    reference?: string;
    actorId?: string;
  },
): Promise<number> {
  const removed = await db
    .delete(courseEnrollments)
    .where(
      and(
        eq(courseEnrollments.userId, request.userId),
        inArray(courseEnrollments.courseId, [...request.courseIds]),
      ),
    )
    .returning({ courseId: courseEnrollments.courseId });
  for (const { courseId } of removed) {
    await recordAccessEvent(db, { ...request, courseId, action: 'revoke' });
  }
  return removed.length;
}

/**
 * A payment plan's unpaid payment pauses its courses, and its payment reopens them (decision
 * 038): the enrollment's end moves, its row and progress stay, each change in the audit trail.
 * A pause ends it where it began (`pause`), so it grants nothing whatever the clock says; a
 * resumption gives it back its purchase's end. Only bought enrollments move; answers how many.
 */
export async function moveEnrollmentsEnd(
  db: Executor,
  request: {
    userId: string;
    courseIds: readonly string[];
    expiresAt: Date | 'pause';
    source: AccessSource;
    reference: string;
  },
): Promise<number> {
  if (request.courseIds.length === 0) return 0;
  const isPause = request.expiresAt === 'pause';
  const moved = await db
    .update(courseEnrollments)
    .set({
      expiresAt:
        request.expiresAt === 'pause' ? sql`${courseEnrollments.enrolledAt}` : request.expiresAt,
    })
    .where(
      and(
        eq(courseEnrollments.userId, request.userId),
        inArray(courseEnrollments.courseId, [...request.courseIds]),
        inArray(courseEnrollments.purchaseType, ['individual', 'bundle']),
      ),
    )
    .returning({ courseId: courseEnrollments.courseId });
  for (const { courseId } of moved) {
    await recordAccessEvent(db, { ...request, courseId, action: isPause ? 'revoke' : 'grant' });
  }
  return moved.length;
}

/** Every enrollment of the user, each removal in the audit trail (spec 2 §5 'clear all'). */
export async function revokeAllEnrollments(
  db: Database,
  request: { userId: string; source: AccessSource; actorId: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const enrolled = await listEnrollments(tx, request.userId);
    if (enrolled.length === 0) return 0;
    const courseIds = enrolled.map((enrollment) => enrollment.courseId);
    return revokeEnrollments(tx, { ...request, courseIds });
  });
}

export async function updateEnrollmentProgress(
  db: Database,
  {
    userId,
    courseId,
    progress,
    now = new Date(),
  }: { userId: string; courseId: string; progress: number; now?: Date },
): Promise<void> {
  const clamped = clampProgress(progress);
  await db
    .update(courseEnrollments)
    .set({ progress: clamped, completed: clamped === 100, lastAccessedAt: now })
    .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, courseId)));
}

export async function recordAccessEvent(
  db: Executor,
  event: {
    userId: string;
    courseId: string;
    action: AccessAction;
    source: AccessSource;
    reference?: string;
    actorId?: string;
  },
) {
  await db.insert(accessEvents).values({
    userId: event.userId,
    courseId: event.courseId,
    action: event.action,
    source: event.source,
    reference: event.reference ?? null,
    actorId: event.actorId ?? null,
  });
}

export type AccessEventRecord = typeof accessEvents.$inferSelect;

/** The access audit trail of one user, newest first. */
export async function listAccessEvents(db: Database, userId: string): Promise<AccessEventRecord[]> {
  return db
    .select()
    .from(accessEvents)
    .where(eq(accessEvents.userId, userId))
    .orderBy(desc(accessEvents.createdAt), desc(accessEvents.id));
}

/** Which of these users hold an enrollment of another kind than `purchaseType`. */
export async function listUsersWithEnrollmentOtherThan(
  db: Executor,
  userIds: readonly string[],
  purchaseType: PurchaseType,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: courseEnrollments.userId })
    .from(courseEnrollments)
    .where(
      and(
        inArray(courseEnrollments.userId, [...userIds]),
        ne(courseEnrollments.purchaseType, purchaseType),
      ),
    );
  return rows.map((row) => row.userId);
}

export interface AccessEventQuery {
  userId: string;
  action: AccessAction;
  reference: string;
  source?: AccessSource;
}

/** The courses of a user's audit records of one action with one cause (and source, if named). */
export async function listAccessEventCourseIds(
  db: Executor,
  query: AccessEventQuery,
): Promise<string[]> {
  const rows = await db
    .select({ courseId: accessEvents.courseId })
    .from(accessEvents)
    .where(eventsMatching(query));
  return rows.map((row) => row.courseId);
}

export async function hasAccessEvent(db: Executor, query: AccessEventQuery): Promise<boolean> {
  const [event] = await db
    .select({ id: accessEvents.id })
    .from(accessEvents)
    .where(eventsMatching(query))
    .limit(1);
  return event !== undefined;
}

function eventsMatching({ userId, action, reference, source }: AccessEventQuery) {
  return and(
    eq(accessEvents.userId, userId),
    eq(accessEvents.action, action),
    eq(accessEvents.reference, reference),
    source ? eq(accessEvents.source, source) : undefined,
  );
}

export interface EndingEnrollment {
  userId: string;
  courseId: string;
  expiresAt: Date;
}

/**
 * At most so many of a clock tick's mails about enrollments (access ending, a silence): the rest
 * are claimed at the next minute's tick, so a day when thousands come due (an import, a cohort)
 * never holds one tick, its memory or the mail server for long.
 */
export const MAIL_CLAIM_BATCH = 500;

/**
 * Claims the bought enrollments whose end falls in `window` and were not yet told of it at this
 * stage or a nearer one: the UPDATE records the notice, rows another process holds are skipped,
 * so each notice is claimed once however many ticks run.
 */
export async function claimEndingEnrollments(
  db: Database,
  window: AccessEndingWindow,
  batch = MAIL_CLAIM_BATCH,
): Promise<EndingEnrollment[]> {
  const types = sql.join(
    purchaseTypesThatEnd.map((type) => sql`${type}`),
    sql`, `,
  );
  const claimed = await db.execute<{ user_id: string; course_id: string; expires_at: Date }>(sql`
    with due as (
      select id from ${courseEnrollments}
      where purchase_type in (${types})
        and expires_at > ${window.endsAfter} and expires_at <= ${window.endsBy}
        and (ending_notice_for is distinct from expires_at or ending_notice_days > ${window.days})
      limit ${batch}
      for update skip locked
    )
    update ${courseEnrollments} e
    set ending_notice_days = ${window.days}, ending_notice_for = e.expires_at
    from due where e.id = due.id
    returning e.user_id, e.course_id, e.expires_at`);
  return claimed.rows.map((row) => ({
    userId: row.user_id,
    courseId: row.course_id,
    expiresAt: new Date(row.expires_at),
  }));
}

/** Every enrollment of every learner: the creator's export of customers. */
export async function listAllEnrollments(db: Database): Promise<Enrollment[]> {
  return db.select().from(courseEnrollments).orderBy(courseEnrollments.enrolledAt);
}

/** Who has a course open at `now` through an enrollment: those a course's news is for. */
export async function listLearnersOfCourse(
  db: Database,
  courseId: string,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .select({ userId: courseEnrollments.userId })
    .from(courseEnrollments)
    .where(
      and(
        eq(courseEnrollments.courseId, courseId),
        sql`(${courseEnrollments.expiresAt} is null or ${courseEnrollments.expiresAt} > ${now})`,
      ),
    );
  return rows.map((row) => row.userId);
}

export interface SilentEnrollment {
  userId: string;
  courseId: string;
}

/**
 * Claims the open, unfinished enrollments of `courseIds` last visited (or, never visited, begun)
 * between `silentSince` and `notBefore`, and not yet weighed for this silence: each silence is
 * claimed once however many ticks run; a visit starts a new one.
 */
export async function claimSilentEnrollments(
  db: Database,
  {
    courseIds,
    silentSince,
    notBefore,
    now,
    batch = MAIL_CLAIM_BATCH,
  }: {
    courseIds: readonly string[];
    silentSince: Date;
    notBefore: Date;
    now: Date;
    batch?: number;
  },
): Promise<SilentEnrollment[]> {
  if (courseIds.length === 0) return [];
  const courses = sql.join(
    courseIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const claimed = await db.execute<{ user_id: string; course_id: string }>(sql`
    with due as (
      select id from ${courseEnrollments}
      where course_id in (${courses}) and not completed
        and (expires_at is null or expires_at > ${now})
        and coalesce(last_accessed_at, enrolled_at) <= ${silentSince}
        and coalesce(last_accessed_at, enrolled_at) > ${notBefore}
        and silence_notice_for is distinct from coalesce(last_accessed_at, enrolled_at)
      limit ${batch}
      for update skip locked
    )
    update ${courseEnrollments} e
    set silence_notice_for = coalesce(e.last_accessed_at, e.enrolled_at)
    from due where e.id = due.id
    returning e.user_id, e.course_id`);
  return claimed.rows.map((row) => ({ userId: row.user_id, courseId: row.course_id }));
}

/**
 * Who holds an unexpired enrollment at `now`: of one course (bought, not a beta grant), or of
 * one purchase type anywhere (`beta`): the segments of the creator's broadcasts.
 */
export async function listEnrolledUserIds(
  db: Database,
  query: { courseId: string } | { purchaseType: PurchaseType },
  now: Date,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: courseEnrollments.userId })
    .from(courseEnrollments)
    .where(
      and(
        'courseId' in query
          ? and(
              eq(courseEnrollments.courseId, query.courseId),
              ne(courseEnrollments.purchaseType, 'beta'),
            )
          : eq(courseEnrollments.purchaseType, query.purchaseType),
        sql`(${courseEnrollments.expiresAt} is null or ${courseEnrollments.expiresAt} > ${now})`,
      ),
    );
  return rows.map((row) => row.userId);
}
