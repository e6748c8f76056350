import { and, eq, sql } from 'drizzle-orm';
import { sessionMessages, type CancelOwnSessionResponse } from '../../shared/api/sessions.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { canCancel } from '../../shared/rules/sessions.ts';
import { sessionBookings } from '../db/schema/sessions.ts';
import { AppError } from '../http/errors.ts';
import { getAvailability } from './availability.ts';
import { findOwnBooking, toLearnerSession } from './learner-sessions.ts';
import { mailAbout } from './session-mail.ts';
import type { SessionsContext } from './sessions-context.ts';

export const learnerCancelReason = 'You cancelled this session.';

/**
 * The learner cancels their own booked session and is refunded in full: until the reschedule
 * cut-off, or at any time before its end while it has no meeting link. The row is claimed first,
 * so a second click refunds nothing twice; a refund that fails puts the booking back.
 */
export async function cancelOwnSession(
  context: SessionsContext,
  user: SessionUser,
  sessionId: string,
  now = new Date(),
): Promise<CancelOwnSessionResponse> {
  const { app } = context;
  const row = await findOwnBooking(app, user, sessionId);
  if (row.status !== 'booked') throw new AppError('conflict', sessionMessages.notBooked);
  const availability = await getAvailability(app.db);
  const hasLink = (row.meetingUrl ?? availability.defaultMeetingUrl) !== null;
  if (!canCancel(row, now, availability.rescheduleCutoffHours, hasLink)) {
    throw new AppError(
      'conflict',
      sessionMessages.tooLateToCancel(availability.rescheduleCutoffHours),
    );
  }
  const [cancelled] = await app.db
    .update(sessionBookings)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancelReason: learnerCancelReason,
      revision: sql`${sessionBookings.revision} + 1`,
      updatedAt: now,
    })
    .where(and(eq(sessionBookings.id, row.id), eq(sessionBookings.status, 'booked')))
    .returning();
  if (!cancelled) throw new AppError('conflict', sessionMessages.notBooked);
  let isRefunded = false;
  try {
    isRefunded = cancelled.checkoutId ? await context.refundCheckout(cancelled.checkoutId) : false;
  } catch (error) {
    await app.db
      .update(sessionBookings)
      .set({ status: 'booked', cancelledAt: null, cancelReason: null, updatedAt: new Date() })
      .where(eq(sessionBookings.id, row.id));
    throw error;
  }
  await mailAbout(app, cancelled, 'cancellation', learnerCancelReason);
  return { session: toLearnerSession(app, cancelled, availability, now), isRefunded };
}
