import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REMINDER_HOURS_BEFORE } from '../../shared/rules/sessions.ts';
import { sessionBookings } from '../db/schema/sessions.ts';
import { mailAbout } from './session-mail.ts';
import type { SessionsContext } from './sessions-context.ts';
import { EXCLUSION_VIOLATION, type Booking } from './slot-claims.ts';

/**
 * payments' onCheckoutPaid: the held slot becomes a booked session, once. A payment that
 * completes after its hold lapsed still books the time if it is free; if someone else took
 * it meanwhile, the session is cancelled and the payment refunded.
 */
export async function confirmPaidBooking(
  context: SessionsContext,
  { checkoutId }: { checkoutId: string },
): Promise<void> {
  const { app } = context;
  let booked: Booking | undefined;
  try {
    const now = new Date();
    [booked] = await app.db
      .update(sessionBookings)
      .set({
        status: 'booked',
        holdExpiresAt: null,
        // Booked within a day of the start: the confirmation is the reminder.
        reminderSentAt: sql`case when ${sessionBookings.startsAt} <= now() + make_interval(hours => ${REMINDER_HOURS_BEFORE}) then now() end`,
        updatedAt: now,
      })
      .where(
        and(
          eq(sessionBookings.checkoutId, checkoutId),
          inArray(sessionBookings.status, ['pending', 'released']),
        ),
      )
      .returning();
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== EXCLUSION_VIOLATION) throw error;
    await cancelLostBooking(context, checkoutId);
    return;
  }
  if (booked) await mailAbout(app, booked, 'confirmation');
}

async function cancelLostBooking(context: SessionsContext, checkoutId: string): Promise<void> {
  const [lost] = await context.app.db
    .update(sessionBookings)
    .set({
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelReason: 'The time was booked by someone else while the payment was made.',
      updatedAt: new Date(),
    })
    .where(eq(sessionBookings.checkoutId, checkoutId))
    .returning();
  context.app.log.warn(
    { checkoutId },
    'a session paid after its hold lapsed lost its time: refunded',
  );
  await context.refundCheckout(checkoutId);
  if (lost) await mailAbout(context.app, lost, 'cancellation', lost.cancelReason ?? undefined);
}

/** payments' onCheckoutEnded: an abandoned or expired checkout lets go of its slot at once. */
export async function releaseHoldOfCheckout(app: FastifyInstance, checkoutId: string) {
  await app.db
    .update(sessionBookings)
    .set({ status: 'released', updatedAt: new Date() })
    .where(and(eq(sessionBookings.checkoutId, checkoutId), eq(sessionBookings.status, 'pending')));
}

/** payments' onPurchaseRefunded: a refund (from Stripe's dashboard too) cancels the session. */
export async function cancelRefundedBooking(app: FastifyInstance, checkoutId: string) {
  const [cancelled] = await app.db
    .update(sessionBookings)
    .set({
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelReason: 'The payment was refunded.',
      revision: sql`${sessionBookings.revision} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(sessionBookings.checkoutId, checkoutId),
        inArray(sessionBookings.status, ['pending', 'booked']),
      ),
    )
    .returning();
  if (cancelled?.startsAt && cancelled.startsAt > new Date()) {
    await mailAbout(app, cancelled, 'cancellation', cancelled.cancelReason ?? undefined);
  }
}
