import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../shared/api/auth.ts';
import {
  sessionMessages,
  type bookSessionSchema,
  type BookSessionResponse,
  type SessionOffer,
  type SlotsResponse,
} from '../../shared/api/sessions.ts';
import { computeSlots, type TimeRange } from '../../shared/rules/session-slots.ts';
import { HOLD_MINUTES, MAX_LISTED_SLOTS } from '../../shared/rules/sessions.ts';
import { sessionBookings } from '../db/schema/sessions.ts';
import { AppError } from '../http/errors.ts';
import {
  getAvailability,
  missingForSale,
  slotRulesOf,
  type StoredAvailability,
} from './availability.ts';
import type { SessionsContext } from './sessions-context.ts';
import { claimSlot, listBusy } from './slot-claims.ts';

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

/** The creator's free slots, as the booking page lists them. */
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

function saleableSession(app: FastifyInstance, availability: StoredAvailability) {
  const product = app.catalogue.session;
  if (!product || product.comingSoon || missingForSale(availability).length > 0)
    throw new AppError('not_found', sessionMessages.notSold);
  return product;
}

function toSlot(range: TimeRange) {
  return { startsAt: range.startsAt.toISOString(), endsAt: range.endsAt.toISOString() };
}
