import { and, asc, eq, sql } from 'drizzle-orm';
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
  /** The learner's start: their enrollment's start, else their first grant of the course. */
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
      .select({ enrolledAt: courseEnrollments.enrolledAt })
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
      .select({ moduleId: accessEvents.reference, createdAt: accessEvents.createdAt })
      .from(accessEvents)
      .where(
        and(
          eq(accessEvents.userId, userId),
          eq(accessEvents.courseId, course.id),
          eq(accessEvents.action, 'open-module'),
        ),
      )
      .orderBy(asc(accessEvents.createdAt)),
  ]);
  // Access from elsewhere (a subscription) without a recorded grant counts from today.
  const start = enrollment?.enrolledAt ?? grant?.createdAt ?? new Date();
  return openingsOf(app, course, start, early);
}

/** The openings of a course from a known start and early openings (the clock reads these in bulk). */
export function openingsOf(
  app: FastifyInstance,
  course: Course,
  start: Date,
  early: readonly { moduleId: string | null; createdAt: Date }[],
): ModuleOpenings {
  const openedEarly = new Map<string, Date>();
  for (const row of early) {
    if (row.moduleId && !openedEarly.has(row.moduleId))
      openedEarly.set(row.moduleId, row.createdAt);
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

/** An admin opens a paced module early for one learner, recorded in the access audit trail. */
export async function openModuleEarly(
  app: FastifyInstance,
  request: { userId: string; course: Course; module: Module; actorId: string },
): Promise<void> {
  await recordAccessEvent(app.db, {
    userId: request.userId,
    courseId: request.course.id,
    action: 'open-module',
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
 * The paced modules of a course that opened for a live learner in (`since`, `now`], and were not
 * open at their start: what the clock mails about. Read for the whole course at once.
 */
export async function listDueModuleOpenings(
  app: FastifyInstance,
  course: Course,
  since: Date,
  now: Date,
): Promise<DueModuleOpening[]> {
  if (!course.modules.some(isPaced)) return [];
  const [enrollments, early] = await Promise.all([
    app.db
      .select({ userId: courseEnrollments.userId, enrolledAt: courseEnrollments.enrolledAt })
      .from(courseEnrollments)
      .where(
        and(
          eq(courseEnrollments.courseId, course.id),
          sql`(${courseEnrollments.expiresAt} is null or ${courseEnrollments.expiresAt} > ${now})`,
        ),
      ),
    app.db
      .select({
        userId: accessEvents.userId,
        moduleId: accessEvents.reference,
        createdAt: accessEvents.createdAt,
      })
      .from(accessEvents)
      .where(and(eq(accessEvents.courseId, course.id), eq(accessEvents.action, 'open-module')))
      .orderBy(asc(accessEvents.createdAt)),
  ]);
  const due: DueModuleOpening[] = [];
  for (const { userId, enrolledAt } of enrollments) {
    const mine = early.filter((row) => row.userId === userId);
    const { opensAt } = openingsOf(app, course, enrolledAt, mine);
    for (const [moduleId, moment] of opensAt) {
      if (moment > since && moment <= now && moment > enrolledAt) {
        due.push({ userId, moduleId, opensAt: moment });
      }
    }
  }
  return due;
}
