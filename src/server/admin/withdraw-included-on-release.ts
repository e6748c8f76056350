import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { withdrawIncludedOnReleaseSchema } from '../../shared/api/admin.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { AppError } from '../http/errors.ts';
import { withdrawCourseAwaitingRelease } from '../payments/awaiting-release.ts';
import { requireUserRecord } from './require-user-record.ts';

/** The admin's revoke of a coming-soon course a learner's bundle includes. */
export async function withdrawIncludedOnRelease(
  app: FastifyInstance,
  admin: SessionUser,
  input: z.output<typeof withdrawIncludedOnReleaseSchema>,
): Promise<{ revoked: number }> {
  const user = await requireUserRecord(app.db, input.userId);
  const revoked = await withdrawCourseAwaitingRelease(app.db, {
    userId: user.id,
    courseId: input.courseId,
    actorId: admin.id,
  });
  if (revoked === 0) {
    throw new AppError('not_found', 'No purchase includes this course on its release.');
  }
  return { revoked };
}
