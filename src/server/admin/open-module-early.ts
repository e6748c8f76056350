import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { openModuleEarlySchema, PacedModule } from '../../shared/api/admin.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { courseAccessType } from '../../shared/rules/access.ts';
import { isModuleOpen } from '../../shared/rules/paced-release.ts';
import type { UserAccessFacts } from '../access/course-access.ts';
import {
  getModuleOpenings,
  isPaced,
  recordEarlyOpening,
  type Course,
  type Module,
} from '../access/module-openings.ts';
import { AppError } from '../http/errors.ts';
import { requireUserRecord } from './require-user-record.ts';

export const openEarlyMessages = {
  unknownModule: 'moduleId: no such module in this course',
  notPaced: 'This module opens at once: there is nothing to open early.',
  alreadyOpen: 'This module is already open for this learner.',
  nothingToWithdraw:
    'This module was not opened early for this learner: there is nothing to withdraw.',
} as const;

/**
 * An admin opens a paced module early for one learner: recorded in the access audit trail as
 * 'open-module', which is also what the learner's openings read.
 */
export async function openModuleEarlyForLearner(
  app: FastifyInstance,
  admin: SessionUser,
  userId: string,
  input: z.output<typeof openModuleEarlySchema>,
): Promise<{ opened: boolean }> {
  const { user, course, module } = await requirePacedModule(app, userId, input);
  const { opensAt } = await getModuleOpenings(app, user.id, course);
  if (isModuleOpen(opensAt.get(module.id) ?? null, new Date())) {
    throw new AppError('conflict', openEarlyMessages.alreadyOpen);
  }
  await recordEarlyOpening(app, {
    userId: user.id,
    course,
    module,
    actorId: admin.id,
    action: 'open-module',
  });
  return { opened: true };
}

/**
 * An admin withdraws an early opening: the module follows its pacing again, recorded as
 * 'withdraw-opening'. Lessons the learner completed stay completed; 409 when none is in effect.
 */
export async function withdrawEarlyOpening(
  app: FastifyInstance,
  admin: SessionUser,
  userId: string,
  input: z.output<typeof openModuleEarlySchema>,
): Promise<{ withdrawn: boolean }> {
  const { user, course, module } = await requirePacedModule(app, userId, input);
  const { openedEarly } = await getModuleOpenings(app, user.id, course);
  if (!openedEarly.has(module.id)) {
    throw new AppError('conflict', openEarlyMessages.nothingToWithdraw);
  }
  await recordEarlyOpening(app, {
    userId: user.id,
    course,
    module,
    actorId: admin.id,
    action: 'withdraw-opening',
  });
  return { withdrawn: true };
}

/** The learner (404), and the paced module of a course named in the body (400, or 409 unpaced). */
async function requirePacedModule(
  app: FastifyInstance,
  userId: string,
  input: z.output<typeof openModuleEarlySchema>,
): Promise<{ user: { id: string }; course: Course; module: Module }> {
  const user = await requireUserRecord(app.db, userId);
  const course = app.catalogue.getCourse(input.courseId);
  if (!course)
    throw new AppError('bad_request', 'courseId: no such course', { courseId: 'no such course' });
  const module = course.modules.find((candidate) => candidate.id === input.moduleId);
  if (!module) {
    throw new AppError('bad_request', openEarlyMessages.unknownModule, {
      moduleId: 'no such module in this course',
    });
  }
  if (!isPaced(module)) throw new AppError('conflict', openEarlyMessages.notPaced);
  return { user, course, module };
}

/** The paced modules of the courses the learner can open, for the admin's user view. */
export async function listPacedModules(
  app: FastifyInstance,
  userId: string,
  facts: UserAccessFacts,
  now = new Date(),
): Promise<PacedModule[]> {
  const learnerFacts = { ...facts, isAdmin: false };
  const courses = app.catalogue.courses.filter(
    (course) =>
      course.modules.some(isPaced) && courseAccessType(course.id, learnerFacts) !== 'none',
  );
  const rows = await Promise.all(
    courses.map(async (course) => {
      const openings = await getModuleOpenings(app, userId, course);
      return course.modules.flatMap((module) => {
        const opensAt = openings.opensAt.get(module.id);
        if (!opensAt) return [];
        return [
          {
            courseId: course.id,
            courseTitle: course.title,
            moduleId: module.id,
            moduleTitle: module.title,
            opensAt: opensAt.toISOString(),
            isOpen: isModuleOpen(opensAt, now),
            openedEarlyAt: openings.openedEarly.get(module.id)?.toISOString() ?? null,
          },
        ];
      });
    }),
  );
  return rows.flat();
}
