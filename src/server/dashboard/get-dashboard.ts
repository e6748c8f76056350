import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type {
  Achievement,
  Dashboard,
  DashboardCourse,
  RecentlyWatched,
} from '../../shared/api/dashboard.ts';
import type { CourseAccess } from '../../shared/api/access.ts';
import { getMyAccess } from '../access/course-access.ts';
import { listLockedModules, openingDayOf } from '../access/module-openings.ts';
import { lessonsInOrder, type Course } from '../catalogue/catalogue.ts';
import {
  completedLessonIdsOf,
  courseProgress,
  listCompletedLessons,
  type CompletedLesson,
} from '../learning/lesson-completions.ts';
import { getReflectionStats } from '../learning/reflections.ts';
import { listVideoProgress, type VideoProgressRow } from '../learning/video-progress.ts';
import { hasBillingAccount } from '../payments/has-billing-account.ts';

const RECENTLY_WATCHED_LIMIT = 4;

export async function getDashboard(app: FastifyInstance, user: SessionUser): Promise<Dashboard> {
  const [access, completed, watching, reflections, canManageBilling] = await Promise.all([
    getMyAccess(app, user),
    listCompletedLessons(app.db, user.id),
    listVideoProgress(app.db, user.id),
    getReflectionStats(app.db, user.id),
    hasBillingAccount(app, user.id),
  ]);
  const accessOf = (courseId: string) =>
    access.courses.find((course) => course.courseId === courseId);
  const locked = await Promise.all(
    app.catalogue.courses.map((course) =>
      accessOf(course.id)?.accessType && accessOf(course.id)?.accessType !== 'none'
        ? listLockedModules(app, user, course)
        : new Map<string, Date>(),
    ),
  );
  const courses = app.catalogue.courses.map((course, index) =>
    toDashboardCourse(app, course, accessOf(course.id), completed, watching, locked[index]!),
  );
  const accessible = new Set(
    courses.filter((course) => course.access.accessType !== 'none').map((course) => course.id),
  );
  return {
    tier: access.tier,
    canManageBilling,
    courses,
    recentlyWatched: listRecentlyWatched(app, watching, accessible),
    achievements: listAchievements(app.catalogue.courses, completed, reflections.firstAt),
    communityUrl: app.config.communityUrl ?? null,
  };
}

function toDashboardCourse(
  app: FastifyInstance,
  course: Course,
  access: CourseAccess | undefined,
  completed: readonly CompletedLesson[],
  watching: readonly VideoProgressRow[],
  locked: ReadonlyMap<string, Date>,
): DashboardCourse {
  const completedLessonIds = completedLessonIdsOf(course, completed);
  const lessons = lessonsInOrder(course);
  // Paced release: the next lesson is never one of a module not open yet.
  const next =
    lessons.find(
      (lesson) => !completedLessonIds.includes(lesson.id) && !locked.has(lesson.moduleId),
    ) ?? lessons[0]!;
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    level: course.level,
    thumbnail: course.thumbnail,
    moduleCount: course.moduleCount,
    lessonCount: course.lessonCount,
    comingSoon: course.product.comingSoon,
    access: {
      accessType: access?.accessType ?? 'none',
      purchaseType: access?.purchaseType ?? null,
      expiresAt: access?.expiresAt ?? null,
      opensOnRelease: access?.opensOnRelease ?? false,
    },
    progress: courseProgress(course, completedLessonIds),
    completedLessons: completedLessonIds.length,
    hasStarted: completedLessonIds.length > 0 || watching.some((row) => row.courseId === course.id),
    nextLesson: { moduleId: next.moduleId, lessonId: next.id, title: next.title },
    lockedModules: course.modules.flatMap((module) => {
      const opensAt = locked.get(module.id);
      return opensAt
        ? [
            {
              moduleId: module.id,
              title: module.title,
              opensAt: opensAt.toISOString(),
              opensOn: openingDayOf(app, opensAt),
            },
          ]
        : [];
    }),
  };
}

/** The learner's own most recently played videos, in courses they can still open. */
function listRecentlyWatched(
  app: FastifyInstance,
  watching: readonly VideoProgressRow[],
  accessible: ReadonlySet<string>,
): RecentlyWatched[] {
  return watching
    .filter((row) => accessible.has(row.courseId))
    .flatMap((row) => {
      const course = app.catalogue.getCourse(row.courseId);
      const lesson = course && lessonsInOrder(course).find((entry) => entry.id === row.lessonId);
      if (!course || !lesson) return [];
      return [
        {
          courseId: course.id,
          courseTitle: course.title,
          moduleId: lesson.moduleId,
          lessonId: lesson.id,
          lessonTitle: lesson.title,
          percent: row.progress,
          watched: row.completed,
          lastWatchedAt: row.lastWatchedAt.toISOString(),
        },
      ];
    })
    .slice(0, RECENTLY_WATCHED_LIMIT);
}

/** Achievements earned from real progress, each with the moment it was earned. */
function listAchievements(
  courses: readonly Course[],
  completed: readonly CompletedLesson[],
  firstReflectionAt: Date | null,
): Achievement[] {
  const completedAt = new Map(
    completed.map((entry) => [`${entry.courseId}/${entry.lessonId}`, entry.completedAt]),
  );
  /** When every lesson of a group was completed (the last one's time), or null. */
  const finishedAt = (courseId: string, lessons: readonly { id: string }[]) => {
    const times = lessons.map((lesson) => completedAt.get(`${courseId}/${lesson.id}`));
    if (times.length === 0 || times.some((time) => time === undefined)) return null;
    return new Date(Math.max(...times.map((time) => time!.getTime())));
  };
  const earliest = (dates: readonly (Date | null)[]) => {
    const known = dates.filter((date): date is Date => date !== null);
    return known.length === 0 ? null : new Date(Math.min(...known.map((date) => date.getTime())));
  };
  const modulesFinished = courses.flatMap((course) =>
    course.modules.map((module) => finishedAt(course.id, module.lessons)),
  );
  const coursesFinished = courses.map((course) => finishedAt(course.id, lessonsInOrder(course)));
  const earned = (date: Date | null) => date?.toISOString() ?? null;
  return [
    {
      id: 'first-reflection',
      title: 'First Reflection',
      description: 'You wrote your first reflection.',
      earnedAt: earned(firstReflectionAt),
    },
    {
      id: 'first-lesson',
      title: 'First Lesson',
      description: 'You completed your first lesson.',
      earnedAt: earned(earliest(completed.map((entry) => entry.completedAt))),
    },
    {
      id: 'first-module',
      title: 'Module Complete',
      description: 'You completed every lesson of a module.',
      earnedAt: earned(earliest(modulesFinished)),
    },
    {
      id: 'first-course',
      title: 'Course Complete',
      description: 'You completed a whole course.',
      earnedAt: earned(earliest(coursesFinished)),
    },
  ];
}
