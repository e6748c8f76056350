import { and, asc, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../shared/api/auth.ts';
import {
  sessionMessages,
  type bookSessionSchema,
  type BookSessionResponse,
  type LearnerSession,
  type LearnerSessionsResponse,
  type SessionOffer,
  type SlotsResponse,
} from '../../shared/api/sessions.ts';
import { computeSlots, isBookableSlot, type TimeRange } from '../../shared/rules/session-slots.ts';
import {
  canCancel,
  canReschedule,
  CREATOR_COPY_EVERY_MINUTES,
  HOLD_MINUTES,
  MAX_LISTED_SLOTS,
  RESCHEDULES_PER_DAY,
  isInsideReminderWindow,
  REMINDER_HOURS_BEFORE,
  isJoinOpen,
  JOIN_OPENS_MINUTES_BEFORE,
} from '../../shared/rules/sessions.ts';
import type { Executor } from '../db/client.ts';
import { sessionBookings } from '../db/schema/sessions.ts';
import { AppError } from '../http/errors.ts';
import { countRequest } from '../http/rate-limit.ts';
import {
  getAvailability,
  missingForSale,
  slotRulesOf,
  type StoredAvailability,
} from './availability.ts';
import type { MailAttachment } from '../mail/send-mail.ts';
import {
  calendarFileOf,
  sendSessionMail,
  type MailRecipients,
  type SessionMailKind,
} from './session-mail.ts';
import type { SessionsContext } from './sessions-context.ts';

export type Booking = typeof sessionBookings.$inferSelect;

const EXCLUSION_VIOLATION = '23P01';
/** `session_bookings_one_hold_per_learner`: a learner's second hold at the same moment. */
const UNIQUE_VIOLATION = '23505';
/** Statuses that take the creator's time (the exclusion constraint's own list). */
const takingTime = ['pending', 'booked', 'completed'] as const;

/** The creator's free slots, as the booking page lists them. */
/**
 * The session's price and length, as a visitor reads them on the landing page and the sign-in
 * page: known even while no time can be booked (the booking page says so), so the landing page
 * asks without an error either way.
 */
export async function getSessionOffer(app: FastifyInstance): Promise<SessionOffer> {
  const product = app.catalogue.session;
  if (!product) throw new AppError('not_found', sessionMessages.notSold);
  const availability = await getAvailability(app.db);
  return {
    name: product.name,
    priceCents: product.priceCents,
    sessionMinutes: availability.sessionMinutes,
  };
}

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

export async function listSlots(
  context: SessionsContext,
  user: SessionUser,
  now = new Date(),
): Promise<SlotsResponse> {
  const { app } = context;
  const availability = await getAvailability(app.db);
  const product = saleableSession(app, availability);
  const busy = await listBusy(app.db, { exceptPendingOf: user.id });
  const rules = slotRulesOf(availability, app.config.sessions.creatorTimeZone);
  return {
    product: { name: product.name, priceCents: product.priceCents },
    sessionMinutes: availability.sessionMinutes,
    slots: computeSlots(rules, busy, now, MAX_LISTED_SLOTS).map(toSlot),
  };
}

/**
 * Holds the chosen slot and starts its checkout. The hold is a pending booking that lapses with
 * the checkout; the database refuses a second booking over the same time, so of two learners
 * racing for a slot one gets it and the other a clear 409, and a second hold of the same learner
 * (T4-M1), so parallel bookings cannot hoard slots. Only a confirmed address holds a time: a
 * throwaway account costs an inbox.
 */
export async function bookSession(
  context: SessionsContext,
  user: SessionUser,
  request: z.output<typeof bookSessionSchema>,
): Promise<BookSessionResponse> {
  const { app } = context;
  const availability = await getAvailability(app.db);
  const product = saleableSession(app, availability);
  if (!user.emailVerified) throw new AppError('forbidden', sessionMessages.confirmAddressFirst);
  const now = new Date();
  const holdExpiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const held = await claimSlot(
    app,
    availability,
    new Date(request.startsAt),
    now,
    async (tx, slot) => {
      const [row] = await tx
        .insert(sessionBookings)
        .values({
          userId: user.id,
          status: 'pending',
          ...slot,
          holdExpiresAt,
          learnerTimeZone: request.timeZone ?? 'UTC',
        })
        .returning();
      return row!;
    },
    // A learner who goes back and picks another time lets go of the one they held.
    { releasingHoldsOf: user.id },
  );

  let checkout;
  try {
    checkout = await context.startCheckout(user, {
      product,
      successPath: `/sessions/${held.id}?session_id={CHECKOUT_SESSION_ID}`,
      cancelPath: '/book-session?canceled=true',
      expiresAt: holdExpiresAt,
    });
  } catch (error) {
    await app.db
      .update(sessionBookings)
      .set({ status: 'released', updatedAt: new Date() })
      .where(eq(sessionBookings.id, held.id));
    throw error;
  }
  await app.db
    .update(sessionBookings)
    .set({ checkoutId: checkout.id, isTestPayment: checkout.isTestPayment, updatedAt: new Date() })
    .where(eq(sessionBookings.id, held.id));
  return {
    sessionId: held.id,
    checkoutUrl: checkout.url,
    holdExpiresAt: holdExpiresAt.toISOString(),
  };
}

/**
 * Runs `write` for a slot that is bookable now, in one transaction that first sees every
 * lapsed hold released; an overlap the constraint catches (someone was faster) is the same 409.
 */
async function claimSlot<T>(
  app: FastifyInstance,
  availability: StoredAvailability,
  startsAt: Date,
  now: Date,
  write: (tx: Executor, slot: TimeRange) => Promise<T>,
  { movingId, releasingHoldsOf }: { movingId?: string; releasingHoldsOf?: string } = {},
): Promise<T> {
  const rules = slotRulesOf(availability, app.config.sessions.creatorTimeZone);
  try {
    return await app.db.transaction(async (tx) => {
      await releaseLapsedHolds(tx, releasingHoldsOf);
      const busy = await listBusy(tx, { exceptId: movingId });
      const slot = isBookableSlot(rules, busy, now, startsAt);
      if (!slot) {
        const isOpenHour = isBookableSlot(rules, [], now, startsAt) !== null;
        throw new AppError(
          isOpenHour ? 'conflict' : 'bad_request',
          isOpenHour ? sessionMessages.slotTaken : sessionMessages.slotNotOpen,
        );
      }
      return write(tx, slot);
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === EXCLUSION_VIOLATION) throw new AppError('conflict', sessionMessages.slotTaken);
    if (code === UNIQUE_VIOLATION) throw new AppError('conflict', sessionMessages.holdInProgress);
    throw error;
  }
}

/** Holds whose checkout has lapsed; with a learner, also every hold of theirs. */
async function releaseLapsedHolds(tx: Executor, userId?: string): Promise<void> {
  await tx
    .update(sessionBookings)
    .set({ status: 'released', updatedAt: new Date() })
    .where(
      and(
        eq(sessionBookings.status, 'pending'),
        or(
          lte(sessionBookings.holdExpiresAt, sql`now()`),
          userId ? eq(sessionBookings.userId, userId) : undefined,
        ),
      ),
    );
}

async function listBusy(
  db: Executor,
  { exceptId, exceptPendingOf }: { exceptId?: string; exceptPendingOf?: string },
): Promise<TimeRange[]> {
  return db
    .select({ startsAt: sessionBookings.startsAt, endsAt: sessionBookings.endsAt })
    .from(sessionBookings)
    .where(
      and(
        inArray(sessionBookings.status, [...takingTime]),
        gt(sessionBookings.endsAt, sql`now() - interval '1 day'`),
        exceptId ? ne(sessionBookings.id, exceptId) : undefined,
        exceptPendingOf
          ? sql`not (${sessionBookings.status} = 'pending' and ${sessionBookings.userId} = ${exceptPendingOf})`
          : undefined,
        or(ne(sessionBookings.status, 'pending'), gt(sessionBookings.holdExpiresAt, sql`now()`)),
      ),
    );
}

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

/**
 * The creator is told of a move at once when the last copy is a few minutes old; otherwise the
 * move waits (`isCreatorCopyDue`) and sendDueCreatorCopies sends the latest time once.
 */
function creatorCopyNow() {
  const isTooSoon = sql`${sessionBookings.creatorToldAt} > now() - make_interval(mins => ${CREATOR_COPY_EVERY_MINUTES})`;
  return {
    isCreatorCopyDue: sql`coalesce(${isTooSoon}, false)`,
    creatorToldAt: sql`case when coalesce(${isTooSoon}, false) then ${sessionBookings.creatorToldAt} else now() end`,
  };
}

/**
 * The creator's copies that waited, each with the session's latest time, claimed as reminders
 * are (one process sends each). Runs with the reminders.
 */
export async function sendDueCreatorCopies(app: FastifyInstance): Promise<number> {
  const claimed = await app.db.execute<{ id: string }>(sql`
    update ${sessionBookings} set is_creator_copy_due = false, creator_told_at = now()
    where id in (
      select id from ${sessionBookings}
      where status = 'booked' and is_creator_copy_due
        and creator_told_at <= now() - make_interval(mins => ${CREATOR_COPY_EVERY_MINUTES})
      for update skip locked
    ) and is_creator_copy_due
    returning id`);
  const ids = claimed.rows.map((row) => row.id);
  if (ids.length === 0) return 0;
  const rows: Booking[] = await app.db.query.sessionBookings.findMany({
    where: (booking, { inArray }) => inArray(booking.id, ids),
  });
  for (const row of rows) await mailAbout(app, row, 'reschedule', undefined, 'creator');
  return rows.length;
}

export async function mailAbout(
  app: FastifyInstance,
  booking: Booking,
  kind: SessionMailKind,
  note?: string,
  recipients: MailRecipients = 'both',
): Promise<void> {
  const { defaultMeetingUrl } = await getAvailability(app.db);
  const options = { defaultMeetingUrl, recipients, ...(note ? { note } : {}) };
  await sendSessionMail(app, booking, kind, options).catch((error: unknown) =>
    app.log.error({ err: error, sessionId: booking.id, kind }, 'a session mail failed'),
  );
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

function saleableSession(app: FastifyInstance, availability: StoredAvailability) {
  const product = app.catalogue.session;
  if (!product || product.comingSoon || missingForSale(availability).length > 0)
    throw new AppError('not_found', sessionMessages.notSold);
  return product;
}

function toSlot(range: TimeRange) {
  return { startsAt: range.startsAt.toISOString(), endsAt: range.endsAt.toISOString() };
}
