import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { checkBetaAccessSchema, convertBetaToPaidSchema } from '../../shared/api/beta.ts';
import { courseAccessType, isBetaGrantActive } from '../../shared/rules/access.ts';
import { grantCovers } from '../../shared/rules/beta.ts';
import { getAccessFacts } from '../access/course-access.ts';
import { AppError } from '../http/errors.ts';
import { requireSelf, requireSelfOrAdmin } from '../http/guards.ts';
import { listActiveGrants } from './beta-grant-facts.ts';
import { endBetaGrantsForPurchase } from './upgrade-beta-grants.ts';

/** Spec 1 §7: the caller's own beta access, or any user's for an admin. */
export async function checkBetaAccess(
  app: FastifyInstance,
  caller: SessionUser,
  input: z.output<typeof checkBetaAccessSchema>,
): Promise<{ hasBetaAccess: boolean }> {
  const userId = input.userId ?? caller.id;
  requireSelfOrAdmin(caller, userId);
  const now = new Date();
  const grants = await listActiveGrants(app, userId);
  const hasBetaAccess = grants.some(
    (grant) =>
      isBetaGrantActive(grant, now) &&
      (input.courseId === undefined || grantCovers(grant.courseIds, input.courseId)),
  );
  return { hasBetaAccess };
}

/**
 * Spec 1 §7, for the caller's own account: ends their beta grants for courses they now hold as
 * paid (the checkout's fulfilment does the same); it never grants anything itself.
 */
export async function convertBetaToPaid(
  app: FastifyInstance,
  caller: SessionUser,
  input: z.output<typeof convertBetaToPaidSchema>,
): Promise<{ success: true; convertedCourseIds: string[] }> {
  requireSelf(caller, input.userId ?? caller.id);
  const requested = input.isBundle
    ? app.catalogue.courses.map((course) => course.id)
    : input.courseIds;
  if (requested.length === 0) {
    throw new AppError('bad_request', 'Please select at least one course', {
      courseIds: 'Please select at least one course',
    });
  }
  const facts = await getAccessFacts(app, { ...caller, role: 'user' });
  const paid = requested.filter((courseId) => courseAccessType(courseId, facts) === 'paid');
  if (paid.length === 0) {
    throw new AppError('conflict', 'Failed to convert beta user to paid');
  }
  const convertedCourseIds = await endBetaGrantsForPurchase(app, {
    userId: caller.id,
    courseIds: paid,
  });
  return { success: true, convertedCourseIds };
}
