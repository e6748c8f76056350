import { and, eq, inArray } from 'drizzle-orm';
import { enrolmentExpiry, isUnexpired, type PurchaseType } from '../../shared/rules/access.ts';
import { clampProgress } from '../../shared/rules/progress.ts';
import type { Database } from '../db/client.ts';
import { accessEvents, courseEnrollments, type AccessSource } from '../db/schema/access.ts';
import { AppError } from '../http/errors.ts';

export type Enrolment = typeof courseEnrollments.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface GrantRequest {
  userId: string;
  courseIds: readonly string[];
  purchaseType: PurchaseType;
  source: AccessSource;
  /** What caused it: a Checkout session id, a subscription id, a beta code. */
  reference?: string;
  actorId?: string;
  /** When the enrolment ends; a purchase lasts 365 days, null never ends. */
  expiresAt?: Date | null;
  now?: Date;
}

const upgradeable: readonly PurchaseType[] = ['beta', 'complimentary'];

export async function listEnrolments(
  db: Database | Transaction,
  userId: string,
): Promise<Enrolment[]> {
  return db.select().from(courseEnrollments).where(eq(courseEnrollments.userId, userId));
}

/**
 * Enrols a user in courses, in one transaction with its audit records. An active paid enrolment
 * is refused ('conflict'); an active beta or complimentary one is turned into this purchase.
 */
export async function enrolInCourses(db: Database, request: GrantRequest): Promise<Enrolment[]> {
  return db.transaction((tx) => enrolInCoursesWithin(tx, request));
}

export async function enrolInCoursesWithin(
  tx: Transaction,
  request: GrantRequest,
): Promise<Enrolment[]> {
  const now = request.now ?? new Date();
  const expiresAt = request.expiresAt === undefined ? enrolmentExpiry(now) : request.expiresAt;
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
    (enrolment) =>
      isUnexpired(enrolment.expiresAt, now) && !upgradeable.includes(enrolment.purchaseType),
  );
  if (blocking) throw new AppError('conflict', `You are already enrolled in ${blocking.courseId}.`);

  const granted: Enrolment[] = [];
  for (const courseId of request.courseIds) {
    // A renewed or upgraded enrolment keeps the learner's progress.
    const [row] = await tx
      .insert(courseEnrollments)
      .values({
        userId: request.userId,
        courseId,
        purchaseType: request.purchaseType,
        enrolledAt: now,
        expiresAt,
      })
      .onConflictDoUpdate({
        target: [courseEnrollments.userId, courseEnrollments.courseId],
        set: { purchaseType: request.purchaseType, enrolledAt: now, expiresAt },
      })
      .returning();
    granted.push(row!);
    await recordAccessEvent(tx, { ...request, courseId, action: 'grant' });
  }
  return granted;
}

export async function revokeEnrolments(
  db: Database | Transaction,
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

export async function updateEnrolmentProgress(
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

export async function touchEnrolment(
  db: Database,
  userId: string,
  courseId: string,
  now = new Date(),
) {
  await db
    .update(courseEnrollments)
    .set({ lastAccessedAt: now })
    .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, courseId)));
}

async function recordAccessEvent(
  db: Database | Transaction,
  event: {
    userId: string;
    courseId: string;
    action: 'grant' | 'revoke';
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
