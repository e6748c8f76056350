import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { bulkBetaGrantSchema } from '../../shared/api/admin.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { adminMessages } from '../../shared/rules/admin.ts';
import { createBetaGrantsWithin } from '../beta/grant-beta-access.ts';
import { holdGrantsUntilConfirmed } from '../beta/pending-beta-grants.ts';
import { AppError } from '../http/errors.ts';
import { listUsersByEmails } from '../users/find-users.ts';
import { expiryOf, requireGrantableCourses } from './grant-enrollments.ts';

/**
 * Spec 2 §5 'Admin bulk grant': one beta grant for each listed email that has an account, for
 * the chosen courses, until the chosen date (30 days when none). Emails without an account are
 * answered back; when none has one, nothing is granted. An account whose address is not
 * confirmed is answered as waiting: its grant is made when it confirms (T4-M4).
 */
export async function grantBulkBetaAccess(
  app: FastifyInstance,
  admin: SessionUser,
  input: z.output<typeof bulkBetaGrantSchema>,
) {
  const courseIds = [...new Set(input.courseIds)];
  requireGrantableCourses(app, courseIds);
  const found = await listUsersByEmails(app.db, input.emails);
  if (found.length === 0) throw new AppError('not_found', adminMessages.noUsersFound);
  const foundEmails = new Set(found.map((user) => user.email.toLowerCase()));
  const confirmed = found.filter((user) => user.emailVerified);
  const waiting = found.filter((user) => !user.emailVerified).map((user) => user.email);
  const expiresAt = expiryOf(input.expiresAt, true, new Date()) ?? null;
  await app.db.transaction(async (tx) => {
    await createBetaGrantsWithin(tx, app.catalogue, {
      userIds: confirmed.map((user) => user.id),
      courseIds,
      expiresAt,
      grantedBy: admin.id,
      method: 'admin',
    });
    await holdGrantsUntilConfirmed(tx, waiting, { courseIds, expiresAt, grantedBy: admin.id });
  });
  return {
    userCount: confirmed.length,
    courseCount: courseIds.length,
    notFound: input.emails.filter((email) => !foundEmails.has(email.toLowerCase())),
    waitingForConfirmation: waiting,
  };
}
