import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessionBookings } from '../db/schema/sessions.ts';

/** The learner's one-to-one sessions, for their own copy (holds that lapsed unpaid are left out). */
export async function exportSessionData(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(sessionBookings)
    .where(eq(sessionBookings.userId, userId))
    .orderBy(asc(sessionBookings.startsAt));
  return {
    oneToOneSessions: rows
      .filter((row) => row.status !== 'released')
      .map((row) => ({
        status: row.status,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        meetingUrl: row.meetingUrl,
        cancelReason: row.cancelReason,
        bookedAt: row.createdAt.toISOString(),
      })),
  };
}
