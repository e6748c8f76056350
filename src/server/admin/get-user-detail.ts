import type { FastifyInstance } from 'fastify';
import type { AdminUser, AdminUserDetail, UserList } from '../../shared/api/admin.ts';
import { courseAccessType, isSubscriptionGranting, userTier } from '../../shared/rules/access.ts';
import { adminMessages } from '../../shared/rules/admin.ts';
import { getAccessFacts } from '../access/course-access.ts';
import { listAccessEvents } from '../access/enrollments.ts';
import { listUserBetaGrants } from '../beta/list-user-beta-grants.ts';
import { AppError } from '../http/errors.ts';
import { listUserPaymentPlans } from '../payments/payment-plans.ts';
import { listUserSubscriptions } from '../payments/subscriptions.ts';
import { getDisabledAt, listAccountEvents } from '../users/account-controls.ts';
import {
  findUserByEmailSearch,
  listEmailsByIds,
  listUsers,
  type UserRecord,
} from '../users/find-users.ts';
import { listPacedModules } from './open-module-early.ts';
import { requireUserRecord } from './require-user-record.ts';

export function toAdminUser(user: UserRecord): AdminUser {
  return { ...user, createdAt: user.createdAt.toISOString() };
}

/** Spec 2 §2 'Email search': at most one user. */
export async function searchUserByEmail(app: FastifyInstance, text: string): Promise<AdminUser> {
  const user = await findUserByEmailSearch(app.db, text);
  if (!user) throw new AppError('not_found', adminMessages.userNotFound);
  return toAdminUser(user);
}

export async function listAdminUsers(
  app: FastifyInstance,
  query: { search: string; page: number; pageSize: number },
): Promise<UserList> {
  const { users, hasMore } = await listUsers(app.db, query);
  return { users: users.map(toAdminUser), page: query.page, pageSize: query.pageSize, hasMore };
}

/**
 * Details, every source of access (enrollments with the access each gives today, beta grants,
 * subscriptions, coming-soon courses included on release) and the access audit trail.
 */
export async function getAdminUserDetail(
  app: FastifyInstance,
  userId: string,
): Promise<AdminUserDetail> {
  const user = await requireUserRecord(app.db, userId);
  const [facts, events, disabledAt, accountEvents] = await Promise.all([
    getAccessFacts(app, user),
    listAccessEvents(app.db, userId),
    getDisabledAt(app.db, userId),
    listAccountEvents(app.db, userId),
  ]);
  const [betaGrants, subscriptions, paymentPlans, pacedModules] = await Promise.all([
    listUserBetaGrants(app.db, userId),
    listUserSubscriptions(app.db, { userId }),
    listUserPaymentPlans(app.db, userId),
    listPacedModules(app, userId, facts),
  ]);
  const titleOf = (courseId: string) => app.catalogue.getCourse(courseId)?.title ?? courseId;
  const actorIds = [...new Set(events.flatMap((event) => (event.actorId ? [event.actorId] : [])))];
  const actorEmails = await listEmailsByIds(app.db, actorIds);
  // What the enrollment itself gives, not the admin's blanket access.
  const learnerFacts = { ...facts, isAdmin: false };
  return {
    user: toAdminUser(user),
    tier: userTier(facts),
    enrollments: facts.enrollments.map((enrollment) => ({
      courseId: enrollment.courseId,
      courseTitle: titleOf(enrollment.courseId),
      purchaseType: enrollment.purchaseType,
      accessType: courseAccessType(enrollment.courseId, learnerFacts),
      enrolledAt: enrollment.enrolledAt.toISOString(),
      expiresAt: enrollment.expiresAt?.toISOString() ?? null,
      progress: enrollment.progress,
    })),
    betaGrants,
    subscriptions: subscriptions.map((subscription) => ({
      id: subscription.id,
      productId: subscription.productId,
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      currentPeriodEnd: subscription.currentPeriodEnd,
      isGranting: isSubscriptionGranting(
        { ...subscription, graceEndsAt: dateOrNull(subscription.graceEndsAt) },
        facts.now,
      ),
      graceEndsAt: subscription.graceEndsAt,
    })),
    paymentPlans,
    includedOnRelease: facts.awaitingRelease.map((course) => ({
      courseId: course.courseId,
      courseTitle: titleOf(course.courseId),
      purchaseId: course.purchaseId,
      purchasedAt: course.purchasedAt.toISOString(),
    })),
    accessEvents: events.map((event) => ({
      id: event.id,
      courseId: event.courseId,
      courseTitle: titleOf(event.courseId),
      action: event.action,
      source: event.source,
      reference: event.reference,
      actorEmail: event.actorId ? (actorEmails.get(event.actorId) ?? event.actorId) : null,
      createdAt: event.createdAt.toISOString(),
    })),
    disabledAt: disabledAt?.toISOString() ?? null,
    accountEvents,
    pacedModules,
  };
}

function dateOrNull(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}
