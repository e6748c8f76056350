import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REMINDER_HOURS_BEFORE } from '../../shared/rules/sessions.ts';
import { sessionBookings } from '../db/schema/sessions.ts';
import { mailAbout } from './session-mail.ts';
import type { Booking } from './slot-claims.ts';

/**
 * Sends each booked session's reminder once, on the clock's tick (jobs/clock.ts), whichever of
 * several app processes runs it: a row is claimed by the UPDATE that sets `reminder_sent_at`
 * where it is still empty (others skip rows already locked), and only the claimer mails; the
 * mail itself goes through the queue, retried until sent.
 */
export async function sendDueReminders(app: FastifyInstance, now = new Date()): Promise<number> {
  const claimed = await app.db.execute<{ id: string }>(sql`
    update ${sessionBookings} set reminder_sent_at = ${now}
    where id in (
      select id from ${sessionBookings}
      where status = 'booked' and reminder_sent_at is null
        and starts_at > ${now}
        and starts_at <= ${now}::timestamptz + make_interval(hours => ${REMINDER_HOURS_BEFORE})
      for update skip locked
    ) and reminder_sent_at is null
    returning id`);
  const ids = claimed.rows.map((row) => row.id);
  if (ids.length === 0) return 0;
  const rows: Booking[] = await app.db.query.sessionBookings.findMany({
    where: (booking, { inArray }) => inArray(booking.id, ids),
  });
  for (const row of rows) await mailAbout(app, row, 'reminder');
  return rows.length;
}
