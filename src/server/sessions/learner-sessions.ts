import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import {
  sessionMessages,
  type LearnerSession,
  type LearnerSessionsResponse,
} from '../../shared/api/sessions.ts';
import {
  canCancel,
  canReschedule,
  isInsideReminderWindow,
  isJoinOpen,
  JOIN_OPENS_MINUTES_BEFORE,
  RESCHEDULES_PER_DAY,
} from '../../shared/rules/sessions.ts';
import { sessionBookings } from '../db/schema/sessions.ts';
import { AppError } from '../http/errors.ts';
import { countRequest } from '../http/rate-limit.ts';
import type { MailAttachment } from '../mail/send-mail.ts';
import { getAvailability, type StoredAvailability } from './availability.ts';
import { creatorCopyNow } from './creator-copies.ts';
import { calendarFileOf, mailAbout } from './session-mail.ts';
import { claimSlot, type Booking } from './slot-claims.ts';

/** The learner's own booked session as a calendar file (the mails' attachment). */
export async function getOwnSessionCalendar(
  app: FastifyInstance,
  user: SessionUser,
  sessionId: string,
): Promise<MailAttachment> {
  const row = await findOwnBooking(app, user, sessionId);
  if (row.status !== 'booked') throw new AppError('conflict', sessionMessages.notInCalendar);
  const { defaultMeetingUrl } = await getAvailability(app.db);
  return calendarFileOf(app, row, 'confirmation', defaultMeetingUrl);
}

/** The learner's sessions: upcoming soonest first, past most recent first. */
export async function listOwnSessions(
  app: FastifyInstance,
  user: SessionUser,
  now = new Date(),
): Promise<LearnerSessionsResponse> {
  const availability = await getAvailability(app.db);
  const rows = await app.db
    .select()
    .from(sessionBookings)
    .where(
      and(
        eq(sessionBookings.userId, user.id),
        inArray(sessionBookings.status, ['booked', 'completed', 'cancelled']),
      ),
    )
    .orderBy(asc(sessionBookings.startsAt));
  const sessions = rows.map((row) => toLearnerSession(app, row, availability, now));
  const isUpcoming = (row: Booking) => row.status === 'booked' && row.endsAt > now;
  return {
    upcoming: sessions.filter((_, index) => isUpcoming(rows[index]!)),
    past: sessions.filter((_, index) => !isUpcoming(rows[index]!)).reverse(),
  };
}

export async function getOwnSession(
  app: FastifyInstance,
  user: SessionUser,
  sessionId: string,
  now = new Date(),
): Promise<LearnerSession> {
  const row = await findOwnBooking(app, user, sessionId);
  return toLearnerSession(app, row, await getAvailability(app.db), now);
}

export async function findOwnBooking(app: FastifyInstance, user: SessionUser, sessionId: string) {
  const [row] = await app.db
    .select()
    .from(sessionBookings)
    .where(eq(sessionBookings.id, sessionId));
  if (!row || row.status === 'released') throw new AppError('not_found', sessionMessages.notFound);
  if (row.userId !== user.id) throw new AppError('forbidden', sessionMessages.notYours);
  return row;
}

/** Moves a booked session to another free slot, until the cut-off. */
export async function rescheduleSession(
  app: FastifyInstance,
  user: SessionUser,
  sessionId: string,
  startsAt: Date,
): Promise<LearnerSession> {
  const now = new Date();
  const row = await findOwnBooking(app, user, sessionId);
  if (row.status !== 'booked') throw new AppError('conflict', sessionMessages.notBooked);
  await countReschedule(app, row.id);
  const availability = await getAvailability(app.db);
  if (!canReschedule(row, now, availability.rescheduleCutoffHours)) {
    throw new AppError(
      'conflict',
      sessionMessages.tooLateToReschedule(
        availability.rescheduleCutoffHours,
        app.config.sessions.creatorEmail ?? null,
      ),
    );
  }
  const moved = await claimSlot(
    app,
    availability,
    startsAt,
    now,
    async (tx, slot) => {
      const [updated] = await tx
        .update(sessionBookings)
        .set({
          ...slot,
          reminderSentAt: isInsideReminderWindow(slot.startsAt, now) ? now : null,
          revision: sql`${sessionBookings.revision} + 1`,
          ...creatorCopyNow(),
          updatedAt: new Date(),
        })
        .where(and(eq(sessionBookings.id, row.id), eq(sessionBookings.status, 'booked')))
        .returning();
      if (!updated) throw new AppError('conflict', sessionMessages.notBooked);
      return updated;
    },
    { movingId: row.id },
  );
  await mailAbout(app, moved, 'reschedule', undefined, moved.isCreatorCopyDue ? 'learner' : 'both');
  return toLearnerSession(app, moved, availability, now);
}

/** Five moves a day per session (T4-L2), counted once the session is known to be the caller's. */
async function countReschedule(app: FastifyInstance, sessionId: string): Promise<void> {
  const { hits } = await countRequest(app.db, `reschedule:session:${sessionId}`, 24 * 60 * 60);
  if (hits > RESCHEDULES_PER_DAY) {
    throw new AppError('rate_limited', sessionMessages.tooManyReschedules(RESCHEDULES_PER_DAY));
  }
}

export function toLearnerSession(
  app: FastifyInstance,
  row: Booking,
  availability: StoredAvailability,
  now: Date,
): LearnerSession {
  const isBooked = row.status === 'booked';
  const link = row.meetingUrl ?? availability.defaultMeetingUrl;
  const cutoffHours = availability.rescheduleCutoffHours;
  return {
    id: row.id,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    joinUrl: isBooked && isJoinOpen(row, now) ? link : null,
    joinOpensAt: new Date(
      row.startsAt.getTime() - JOIN_OPENS_MINUTES_BEFORE * 60_000,
    ).toISOString(),
    canReschedule: isBooked && canReschedule(row, now, cutoffHours),
    canCancel: isBooked && canCancel(row, now, cutoffHours, link !== null),
    hasMeetingLink: link !== null,
    rescheduleCutoffHours: cutoffHours,
    contactEmail: app.config.sessions.creatorEmail ?? null,
    cancelReason: row.cancelReason,
  };
}
