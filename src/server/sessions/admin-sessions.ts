import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  sessionMessages,
  type AdminSession,
  type AdminSessionsResponse,
} from '../../shared/api/sessions.ts';
import { sessionBookings } from '../db/schema/sessions.ts';
import { AppError } from '../http/errors.ts';
import { recordAccountEvent, type Actor } from '../users/account-controls.ts';
import { listUsersByIds } from '../users/find-users.ts';
import { mailAbout } from './session-mail.ts';
import type { Booking } from './slot-claims.ts';
import type { SessionsContext } from './sessions-context.ts';

/** Every booked session, past ones not yet marked as held included, soonest first. */
export async function listAdminSessions(app: FastifyInstance): Promise<AdminSessionsResponse> {
  const rows = await app.db
    .select()
    .from(sessionBookings)
    .where(eq(sessionBookings.status, 'booked'))
    .orderBy(asc(sessionBookings.startsAt));
  return { sessions: await toAdminSessions(app, rows) };
}

/** A new place to join; the learner's history names the admin who changed it (T4-L6). */
export async function setMeetingLink(
  app: FastifyInstance,
  admin: Actor,
  sessionId: string,
  meetingUrl: string,
): Promise<AdminSession> {
  const row = await updateBooked(app, sessionId, { meetingUrl: meetingUrl || null });
  if (row.userId) await recordAccountEvent(app.db, row.userId, 'meeting-link-changed', admin);
  return (await toAdminSessions(app, [row]))[0]!;
}

/** Held: it took place. */
export async function markSessionHeld(app: FastifyInstance, sessionId: string) {
  const row = await updateBooked(app, sessionId, { status: 'completed', completedAt: new Date() });
  return (await toAdminSessions(app, [row]))[0]!;
}

/**
 * The creator cancels: the learner is told, a paid session is refunded in full, and the
 * learner's history names the admin who did it (T4-L6).
 */
export async function cancelSessionByAdmin(
  context: SessionsContext,
  admin: Actor,
  sessionId: string,
  reason: string,
): Promise<{ session: AdminSession; isRefunded: boolean }> {
  const { app } = context;
  const row = await updateBooked(app, sessionId, {
    status: 'cancelled',
    cancelledAt: new Date(),
    cancelReason: reason || 'The session was cancelled by the creator.',
    revision: sql`${sessionBookings.revision} + 1`,
  });
  if (row.userId) await recordAccountEvent(app.db, row.userId, 'session-cancelled', admin);
  const isRefunded = row.checkoutId ? await context.refundCheckout(row.checkoutId) : false;
  await mailAbout(app, row, 'cancellation', reason || undefined);
  return { session: (await toAdminSessions(app, [row]))[0]!, isRefunded };
}

type BookingChanges = Partial<Omit<typeof sessionBookings.$inferInsert, 'revision'>> & {
  revision?: SQL;
};

async function updateBooked(
  app: FastifyInstance,
  sessionId: string,
  changes: BookingChanges,
): Promise<Booking> {
  const [row] = await app.db
    .update(sessionBookings)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(sessionBookings.id, sessionId), inArray(sessionBookings.status, ['booked'])))
    .returning();
  if (row) return row;
  const [exists] = await app.db
    .select({ id: sessionBookings.id })
    .from(sessionBookings)
    .where(eq(sessionBookings.id, sessionId));
  throw exists
    ? new AppError('conflict', sessionMessages.notBooked)
    : new AppError('not_found', sessionMessages.notFound);
}

async function toAdminSessions(app: FastifyInstance, rows: Booking[]): Promise<AdminSession[]> {
  const learners = await listUsersByIds(
    app.db,
    rows.flatMap((row) => (row.userId ? [row.userId] : [])),
  );
  return rows.map((row) => {
    const learner = row.userId ? learners.get(row.userId) : undefined;
    return {
      id: row.id,
      status: row.status,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      learner: learner
        ? { name: `${learner.firstName} ${learner.lastName}`.trim(), email: learner.email }
        : null,
      meetingUrl: row.meetingUrl,
      isPaid: row.checkoutId !== null,
      isTestPayment: row.isTestPayment,
    };
  });
}
