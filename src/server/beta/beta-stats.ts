import type { FastifyInstance } from 'fastify';
import type { BetaAdminData, BetaStats } from '../../shared/api/beta.ts';
import { conversionRate, grantCovers } from '../../shared/rules/beta.ts';
import { listUsersWithEnrollmentOtherThan } from '../access/enrollments.ts';
import { listEmailsByIds } from '../users/find-users.ts';
import { listBetaCodes } from './beta-codes.ts';
import { listAllGrants } from './beta-grant-facts.ts';
import { listBetaInvitations } from './beta-invitations.ts';
import { toBetaGrantView } from './grant-beta-access.ts';

export interface LearnerEngagement {
  userId: string;
  courseId: string;
  progress: number;
  timeSpentSeconds: number;
}

/** How the beta feature learns about progress without reading another feature's tables. */
export type ReadEngagement = (userIds: readonly string[]) => Promise<LearnerEngagement[]>;

/** Codes, grants (with the user's email) and invitations, for the Admin Panel. */
export async function getBetaAdminData(app: FastifyInstance): Promise<BetaAdminData> {
  const [codes, grants, invitations] = await Promise.all([
    listBetaCodes(app),
    listAllGrants(app),
    listBetaInvitations(app),
  ]);
  const emailOf = await listEmailsByIds(app.db, [...new Set(grants.map((grant) => grant.userId))]);
  return {
    codes,
    invitations,
    grants: grants.map((grant) => ({
      ...toBetaGrantView(grant),
      userEmail: emailOf.get(grant.userId),
    })),
  };
}

/**
 * Spec 2 §3 beta stats. An expired beta user has had grants and has none active now; the
 * conversion rate counts those who hold a non-beta enrollment (spec 2 §9).
 */
export async function getBetaStats(
  app: FastifyInstance,
  readEngagement: ReadEngagement,
): Promise<BetaStats> {
  const grants = await listAllGrants(app);
  const active = grants.filter((grant) => grant.isActive);
  const activeUserIds = new Set(active.map((grant) => grant.userId));
  const expiredUserIds = [
    ...new Set(grants.map((grant) => grant.userId).filter((id) => !activeUserIds.has(id))),
  ];
  const converted = await listUsersWithEnrollmentOtherThan(app.db, expiredUserIds, 'beta');

  const engagement = await readEngagement([...activeUserIds]);
  const courseEngagement = app.catalogue.courses.map((course) => {
    const betaUserIds = new Set(
      active
        .filter((grant) => grantCovers(grant.courseIds, course.id))
        .map((grant) => grant.userId),
    );
    const rows = engagement.filter(
      (entry) => entry.courseId === course.id && betaUserIds.has(entry.userId),
    );
    const average = (values: number[]) =>
      values.length === 0
        ? 0
        : Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
    return {
      courseId: course.id,
      title: course.title,
      betaUserCount: betaUserIds.size,
      averageProgress: average(rows.map((entry) => entry.progress)),
      averageTimeSpent: average(rows.map((entry) => entry.timeSpentSeconds)),
    };
  });

  return {
    totalActiveBetaUsers: activeUserIds.size,
    totalExpiredBetaUsers: expiredUserIds.length,
    conversionRate: conversionRate(expiredUserIds.length, converted.length),
    courseEngagement,
    updatedAt: new Date().toISOString(),
  };
}
