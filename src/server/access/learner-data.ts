import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { accessEvents } from '../db/schema/access.ts';
import { listEnrollments } from './enrollments.ts';

/** The learner's enrolments and the audit trail of their access, for their own copy. */
export async function exportAccessData(db: Database, userId: string) {
  const [enrollments, events] = await Promise.all([
    listEnrollments(db, userId),
    db
      .select()
      .from(accessEvents)
      .where(eq(accessEvents.userId, userId))
      .orderBy(asc(accessEvents.id)),
  ]);
  return {
    enrollments: enrollments.map((row) => ({
      courseId: row.courseId,
      purchaseType: row.purchaseType,
      enrolledAt: row.enrolledAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      progress: row.progress,
      completed: row.completed,
    })),
    accessEvents: events.map((row) => ({
      courseId: row.courseId,
      action: row.action,
      source: row.source,
      reference: row.reference,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** Before an account is deleted: the grants it made to others stay, without naming it. */
export async function forgetAccessActor(tx: Executor, userId: string): Promise<void> {
  await tx.update(accessEvents).set({ actorId: null }).where(eq(accessEvents.actorId, userId));
}
