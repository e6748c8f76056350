import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REMINDER_HOURS_BEFORE } from '../../shared/rules/sessions.ts';
import { sessionBookings } from '../db/schema/sessions.ts';
import { mailAbout, sendDueCreatorCopies, type Booking } from './bookings.ts';

const CHECK_EVERY_MS = 10 * 60_000;

/**
 * Sends each booked session's reminder once, whichever of several app processes gets there:
 * a row is claimed by the UPDATE that sets `reminder_sent_at` where it is still empty (others
 * skip rows already locked), and only the claimer mails. A mail that fails is logged, not retried.
 */
export async function sendDueReminders(app: FastifyInstance): Promise<number> {
  const claimed = await app.db.execute<{ id: string }>(sql`
    update ${sessionBookings} set reminder_sent_at = now()
    where id in (
      select id from ${sessionBookings}
      where status = 'booked' and reminder_sent_at is null
        and starts_at > now()
        and starts_at <= now() + make_interval(hours => ${REMINDER_HOURS_BEFORE})
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

/** Checks every ten minutes while the app runs. */
export function sendRemindersPeriodically(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      sendDueReminders(app).catch((error: unknown) =>
        app.log.error({ err: error }, 'session reminders failed'),
      );
      sendDueCreatorCopies(app).catch((error: unknown) =>
        app.log.error({ err: error }, "the creator's session copies failed"),
      );
    }, CHECK_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
