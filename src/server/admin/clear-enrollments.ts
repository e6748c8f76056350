import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import { adminMessages } from '../../shared/rules/admin.ts';
import { revokeAllEnrollments } from '../access/enrollments.ts';
import { AppError } from '../http/errors.ts';
import { hasAdminPowers } from '../http/guards.ts';
import { requireUserRecord } from './require-user-record.ts';

/**
 * requireAdmin, refusing a learner in the spec's words for this operation (spec 2 §5, §8).
 * Runs after requireUser.
 */
export async function requireAdminToClearAll(request: FastifyRequest): Promise<void> {
  if (request.user.role !== 'admin') throw new AppError('forbidden', adminMessages.clearAllDenied);
  if (!hasAdminPowers(request.user)) {
    throw new AppError('forbidden', adminMessages.twoFactorRequired);
  }
}

/** Removes every enrollment of the user; each removal is in their access history. */
export async function clearEnrollments(
  app: FastifyInstance,
  admin: SessionUser,
  userId: string,
): Promise<{ revoked: number }> {
  const user = await requireUserRecord(app.db, userId);
  const revoked = await revokeAllEnrollments(app.db, {
    userId: user.id,
    source: 'admin',
    actorId: admin.id,
  });
  return { revoked };
}
