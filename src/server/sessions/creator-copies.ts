import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CREATOR_COPY_EVERY_MINUTES } from '../../shared/rules/sessions.ts';
import { sessionBookings } from '../db/schema/sessions.ts';
import { mailAbout } from './session-mail.ts';
import type { Booking } from './slot-claims.ts';

/**
 * The creator is told of a move at once when the last copy is a few minutes old; otherwise the
 * move waits (`isCreatorCopyDue`) and sendDueCreatorCopies sends the latest time once.
 */
export function creatorCopyNow() {
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
