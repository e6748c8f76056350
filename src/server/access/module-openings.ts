import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import { formatDate } from '../../shared/rules/dates.ts';
import { isModuleOpen, moduleOpensAt, pacingMessages } from '../../shared/rules/paced-release.ts';
import type { Executor } from '../db/client.ts';
import { accessEvents, courseEnrollments } from '../db/schema/access.ts';
import { AppError } from '../http/errors.ts';
import { recordAccessEvent } from './enrollments.ts';

/** A module as pacing reads it (the catalogue's modules are these). */
export interface Module {
  id: string;
  title: string;
  opensAfterDays?: number;
  opensOn?: string;
}

/** A course as pacing reads it. */
export interface Course {
  id: string;
  modules: readonly Module[];
}

/** Whose modules are weighed: admins see everything. */
export interface PacingSubject {
  id: string;
  role: string;
}

/** When each paced module of a course opens for one learner; a module absent opens at once. */
export interface ModuleOpenings {
  /** The learner's first start in the course: kept across renewals and upgrades (`startedAt`). */
  start: Date;
  opensAt: ReadonlyMap<string, Date>;
  /** The modules an admin opened early for this learner, and when. */
  openedEarly: ReadonlyMap<string, Date>;
}

export const isPaced = (module: Pick<Module, 'opensAfterDays' | 'opensOn'>) =>
  module.opensAfterDays !== undefined || module.opensOn !== undefined;

/** A date opens its module at the start of that day in the creator's time zone. */
export function dayStartIn(timeZone: string) {
  return (date: string) =>
    new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds);
}

/** The day (YYYY-MM-DD) a moment falls on in the creator's time zone: what "Opens on" names. */
export function openingDayOf(app: FastifyInstance, moment: Date): string {
  return Temporal.Instant.fromEpochMilliseconds(moment.getTime())
    .toZonedDateTimeISO(app.config.sessions.creatorTimeZone)
    .toPlainDate()
    .toString();
}

/** The audit rows an early opening is read from: an opening, and its withdrawal. */
const earlyActions = ['open-module', 'withdraw-opening'] as const;
const earlyColumns = {
  moduleId: accessEvents.reference,
  action: accessEvents.action,
  createdAt: accessEvents.createdAt,
};
type EarlyEvent = { moduleId: string | null; action: string; createdAt: Date };

/** Reads the learner's start in the course and the admins' early openings for them. */
export async function getModuleOpenings(
  app: FastifyInstance,
  userId: string,
  course: Course,
  db: Executor = app.db,
): Promise<ModuleOpenings> {
  if (!course.modules.some(isPaced))
    return { start: new Date(0), opensAt: new Map(), openedEarly: new Map() };
  const [[enrollment], [grant], early] = await Promise.all([
    db
      .select({ startedAt: courseEnrollments.startedAt })
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, course.id))),
    db
      .select({ createdAt: accessEvents.createdAt })
      .from(accessEvents)
      .where(
        and(
          eq(accessEvents.userId, userId),
          eq(accessEvents.courseId, course.id),
          eq(accessEvents.action, 'grant'),
        ),
      )
      .orderBy(asc(accessEvents.createdAt))
      .limit(1),
    db
      .select(earlyColumns)
      .from(accessEvents)
      .where(
        and(
          eq(accessEvents.userId, userId),
          eq(accessEvents.courseId, course.id),
          inArray(accessEvents.action, earlyActions),
        ),
      )
      .orderBy(asc(accessEvents.createdAt), asc(accessEvents.id)),
  ]);
  // Access from elsewhere (a subscription) without a recorded grant counts from today.
  const start = enrollment?.startedAt ?? grant?.createdAt ?? new Date();
  return openingsOf(app, course, start, early);
}

/** The openings of a course from a known start and early openings (the clock reads these in bulk). */
export function openingsOf(
  app: FastifyInstance,
  course: Course,
  start: Date,
  early: readonly EarlyEvent[],
): ModuleOpenings {
  // Oldest first: the first opening counts until a withdrawal ends it.
  const openedEarly = new Map<string, Date>();
  for (const row of early) {
    if (!row.moduleId) continue;
    if (row.action === 'withdraw-opening') openedEarly.delete(row.moduleId);
    else if (!openedEarly.has(row.moduleId)) openedEarly.set(row.moduleId, row.createdAt);
  }
  const dayStart = dayStartIn(app.config.sessions.creatorTimeZone);
  const opensAt = new Map<string, Date>();
  for (const module of course.modules) {
    const moment = moduleOpensAt(module, start, {
      dayStart,
      openedEarlyAt: openedEarly.get(module.id) ?? null,
    });
    if (moment) opensAt.set(module.id, moment);
  }
  return { start, opensAt, openedEarly };
}

/** The modules still locked at `now`, each with its opening moment; none for an admin. */
export async function listLockedModules(
  app: FastifyInstance,
  user: PacingSubject,
  course: Course,
  now = new Date(),
): Promise<Map<string, Date>> {
  if (user.role === 'admin' || !course.modules.some(isPaced)) return new Map();
  const { opensAt } = await getModuleOpenings(app, user.id, course);
  return new Map([...opensAt].filter(([, moment]) => !isModuleOpen(moment, now)));
}

/**
 * Guard for a lesson: 403 naming the day a locked module opens. Preview lessons stay open to all,
 * and admins see everything.
 */
export async function requireModuleOpen(
  app: FastifyInstance,
  user: PacingSubject,
  course: Course,
  module: Module,
  lesson: { isPreview: boolean },
  now = new Date(),
): Promise<void> {
  if (lesson.isPreview || user.role === 'admin' || !isPaced(module)) return;
  const locked = await listLockedModules(app, user, course, now);
  const opensAt = locked.get(module.id);
  if (opensAt) {
    throw new AppError(
      'forbidden',
      pacingMessages.locked(module.title, formatDate(openingDayOf(app, opensAt))),
    );
  }
}

/** An admin opens a paced module early for one learner, or withdraws that, in the access audit trail. */
export async function recordEarlyOpening(
  app: FastifyInstance,
  request: {
    userId: string;
    course: Course;
    module: Module;
    actorId: string;
    action: (typeof earlyActions)[number];
  },
): Promise<void> {
  await recordAccessEvent(app.db, {
    userId: request.userId,
    courseId: request.course.id,
    action: request.action,
    source: 'admin',
    reference: request.module.id,
    actorId: request.actorId,
  });
}

export interface DueModuleOpening {
  userId: string;
  moduleId: string;
  opensAt: Date;
}

/**
 * Every paced module of a course that has opened by `now` for a live learner and was not open at
 * their first start, however long ago: the mail claims each once. Read for the whole course at once.
 */
export async function listDueModuleOpenings(
  app: FastifyInstance,
  course: Course,
  now: Date,
): Promise<DueModuleOpening[]> {
  if (!course.modules.some(isPaced)) return [];
  const [enrollments, early] = await Promise.all([
    app.db
      .select({ userId: courseEnrollments.userId, startedAt: courseEnrollments.startedAt })
      .from(courseEnrollments)
      .where(
        and(
          eq(courseEnrollments.courseId, course.id),
          sql`(${courseEnrollments.expiresAt} is null or ${courseEnrollments.expiresAt} > ${now})`,
        ),
      ),
    app.db
      .select({ userId: accessEvents.userId, ...earlyColumns })
      .from(accessEvents)
      .where(and(eq(accessEvents.courseId, course.id), inArray(accessEvents.action, earlyActions)))
      .orderBy(asc(accessEvents.createdAt), asc(accessEvents.id)),
  ]);
  const due: DueModuleOpening[] = [];
  for (const { userId, startedAt } of enrollments) {
    const mine = early.filter((row) => row.userId === userId);
    const { opensAt } = openingsOf(app, course, startedAt, mine);
    for (const [moduleId, moment] of opensAt) {
      if (moment <= now && moment > startedAt) due.push({ userId, moduleId, opensAt: moment });
    }
  }
  return due;
}
