import { and, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessionMessages } from '../../shared/api/sessions.ts';
import { isBookableSlot, type TimeRange } from '../../shared/rules/session-slots.ts';
import type { Executor } from '../db/client.ts';
import { sessionBookings } from '../db/schema/sessions.ts';
import { AppError } from '../http/errors.ts';
import { slotRulesOf, type StoredAvailability } from './availability.ts';

export type Booking = typeof sessionBookings.$inferSelect;

export const EXCLUSION_VIOLATION = '23P01';
/** `session_bookings_one_hold_per_learner`: a learner's second hold at the same moment. */
const UNIQUE_VIOLATION = '23505';
/** Statuses that take the creator's time (the exclusion constraint's own list). */
const takingTime = ['pending', 'booked', 'completed'] as const;

/**
 * Runs `write` for a slot that is bookable now, in one transaction that first sees every
 * lapsed hold released; an overlap the constraint catches (someone was faster) is the same 409.
 */
export async function claimSlot<T>(
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

export async function listBusy(
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
