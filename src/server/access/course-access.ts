import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { MyAccessResponse } from '../../shared/api/access.ts';
import {
  betaAccessExpiry,
  courseAccessType,
  userTier,
  type AccessFacts,
  type AccessType,
} from '../../shared/rules/access.ts';
import { AppError } from '../http/errors.ts';
import type { CourseAwaitingRelease } from './access-sources.ts';
import { countsTowardAccess } from './enrollment-checks.ts';
import { listEnrollments, type Enrollment } from './enrollments.ts';

/** Whose access is weighed: the signed-in user, or the user an admin asks about. */
export type AccessSubject = Pick<SessionUser, 'id' | 'role'>;

export interface UserAccessFacts extends AccessFacts {
  enrollments: Enrollment[];
  /** Courses of a paid bundle not released yet: included, opening at release. */
  awaitingRelease: CourseAwaitingRelease[];
  /** The same courses, each once. */
  awaitingReleaseCourseIds: string[];
}

/** Everything the access rules weigh for one user, read fresh from the database. */
export async function getAccessFacts(
  app: FastifyInstance,
  user: AccessSubject,
  now = new Date(),
): Promise<UserAccessFacts> {
  const [enrollments, subscriptions, betaGrants, awaitingRelease] = await Promise.all([
    listEnrollments(app.db, user.id),
    app.accessSources.subscriptions(app.db, user.id),
    app.accessSources.betaGrants(app.db, user.id),
    app.accessSources.awaitingRelease(app.db, user.id),
  ]);
  const { paymentMode } = app.config;
  return {
    isAdmin: user.role === 'admin',
    enrollments: enrollments.filter((enrollment) => countsTowardAccess(enrollment, paymentMode)),
    subscriptions,
    betaGrants,
    awaitingRelease,
    awaitingReleaseCourseIds: [...new Set(awaitingRelease.map((course) => course.courseId))],
    now,
  };
}

export async function getCourseAccessType(
  app: FastifyInstance,
  user: AccessSubject,
  courseId: string,
): Promise<AccessType> {
  return courseAccessType(courseId, await getAccessFacts(app, user));
}

/** Whether the caller of a request, signed in or not, may open the course. */
export async function canRequestOpenCourse(
  request: FastifyRequest,
  reply: FastifyReply,
  courseId: string,
): Promise<boolean> {
  const user = await request.server.sessions.readUser(request, reply);
  return user !== null && (await getCourseAccessType(request.server, user, courseId)) !== 'none';
}

/** Guard for course content: the server decides, expiry included. */
export async function requireCourseAccess(
  app: FastifyInstance,
  user: SessionUser,
  courseId: string,
): Promise<AccessType> {
  const accessType = await getCourseAccessType(app, user, courseId);
  if (accessType === 'none') throw new AppError('forbidden', 'Course Access Required');
  return accessType;
}

/** The signed-in user's tier and, per course of the catalogue, access type and expiry. */
export async function getMyAccess(
  app: FastifyInstance,
  user: SessionUser,
): Promise<MyAccessResponse> {
  const facts = await getAccessFacts(app, user);
  return {
    tier: userTier(facts),
    courses: app.catalogue.courses.map((course) => {
      const enrollment = facts.enrollments.find((candidate) => candidate.courseId === course.id);
      const accessType = courseAccessType(course.id, facts);
      const betaExpiry = accessType === 'beta' ? betaAccessExpiry(course.id, facts) : undefined;
      const expiresAt = betaExpiry === undefined ? enrollment?.expiresAt : betaExpiry;
      return {
        courseId: course.id,
        title: course.title,
        accessType,
        purchaseType: enrollment?.purchaseType ?? null,
        enrolledAt: enrollment?.enrolledAt.toISOString() ?? null,
        expiresAt: expiresAt?.toISOString() ?? null,
        progress: enrollment?.progress ?? 0,
        completed: enrollment?.completed ?? false,
        // The lasting source first: a beta grant over a bought course does not hide the purchase.
        opensOnRelease: facts.awaitingReleaseCourseIds.includes(course.id),
      };
    }),
  };
}
