import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AdminReadSubject } from '../../shared/rules/admin.ts';
import type { Database } from '../db/client.ts';
import type { AdminTraces } from '../db/forget-admin.ts';
import { users } from '../db/schema/auth.ts';
import { adminReads } from '../db/schema/users.ts';
import { requireSelfOrAdmin } from '../http/guards.ts';

/** Records that an admin read a learner's private text; nothing when no such learner exists. */
export async function recordAdminRead(
  db: Database,
  {
    userId,
    reader,
    subject,
  }: { userId: string; reader: { id: string; email: string }; subject: AdminReadSubject },
): Promise<void> {
  await db.execute(
    sql`insert into ${adminReads} (user_id, reader_id, reader_email, subject)
        select ${users.id}, ${reader.id}, ${reader.email}, ${subject} from ${users}
        where ${eq(users.id, userId)}`,
  );
}

/**
 * For a route that reads the private text of the user it names (`?userId=`): the caller must be
 * that user, or an admin, whose read is recorded for the learner before anything is read.
 */
export async function requireSelfOrRecordedAdminRead(
  request: FastifyRequest,
  userId: string,
  subject: AdminReadSubject,
): Promise<void> {
  requireSelfOrAdmin(request.user, userId);
  if (userId === request.user.id) return;
  await recordAdminRead(request.server.db, { userId, reader: request.user, subject });
}

/** Who read this learner's private text, what and when, newest first: for their data export. */
export async function listAdminReads(
  db: Database,
  userId: string,
): Promise<{ readerEmail: string; subject: AdminReadSubject; readAt: string }[]> {
  const rows = await db
    .select({
      readerEmail: adminReads.readerEmail,
      subject: adminReads.subject,
      readAt: adminReads.readAt,
    })
    .from(adminReads)
    .where(eq(adminReads.userId, userId))
    .orderBy(desc(adminReads.readAt), desc(adminReads.id));
  return rows.map((row) => ({ ...row, readAt: row.readAt.toISOString() }));
}

/** The reads an admin made stay on the learners' record, unnamed once the admin is deleted. */
export const adminReadTraces: AdminTraces = {
  logs: [{ table: adminReads, id: adminReads.readerId, email: adminReads.readerEmail }],
};

/** An export that names every learner is a read of each of them, on their own record. */
export async function recordAdminReadOfEveryone(
  db: Database,
  { reader, subject }: { reader: { id: string; email: string }; subject: AdminReadSubject },
): Promise<void> {
  await db.execute(
    sql`insert into ${adminReads} (user_id, reader_id, reader_email, subject)
        select ${users.id}, ${reader.id}, ${reader.email}, ${subject} from ${users}
        where ${users.id} <> ${reader.id}`,
  );
}
