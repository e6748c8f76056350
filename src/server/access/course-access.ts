import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { MyAccessResponse } from '../../shared/api/access.ts';
import {
  courseAccessType,
  userTier,
  type AccessFacts,
  type AccessType,
} from '../../shared/rules/access.ts';
import { AppError } from '../http/errors.ts';
import { listEnrolments, type Enrolment } from './enrolments.ts';

export interface UserAccessFacts extends AccessFacts {
  enrolments: Enrolment[];
}

/** Everything the access rules weigh for one user, read fresh from the database. */
export async function getAccessFacts(
  app: FastifyInstance,
  user: SessionUser,
  now = new Date(),
): Promise<UserAccessFacts> {
  const enrolments = await listEnrolments(app.db, user.id);
  return {
    isAdmin: user.role === 'admin',
    enrolments,
    subscriptions: [],
    betaGrants: [],
    now,
  };
}

export async function getCourseAccessType(
  app: FastifyInstance,
  user: SessionUser,
  courseId: string,
): Promise<AccessType> {
  return courseAccessType(courseId, await getAccessFacts(app, user));
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
      const enrolment = facts.enrolments.find((candidate) => candidate.courseId === course.id);
      const accessType = courseAccessType(course.id, facts);
      return {
        courseId: course.id,
        title: course.title,
        accessType,
        purchaseType: enrolment?.purchaseType ?? null,
        enrolledAt: enrolment?.enrolledAt.toISOString() ?? null,
        expiresAt: enrolment?.expiresAt?.toISOString() ?? null,
        progress: enrolment?.progress ?? 0,
        completed: enrolment?.completed ?? false,
      };
    }),
  };
}
