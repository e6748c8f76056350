import type { DashboardCourse } from '../../../../shared/api/dashboard.ts';
import { lessonPath } from '../../../lib/paths.ts';

export const textLink = 'font-medium text-flame-700 underline hover:text-flame-600';

/** Spec 2 §2: foundational = Beginner, core = Intermediate, else Advanced. */
export function levelLabel(level: DashboardCourse['level']): string {
  if (level === 'foundational') return 'Beginner';
  if (level === 'core') return 'Intermediate';
  return 'Advanced';
}

export function nextLessonPath(course: DashboardCourse): string {
  return lessonPath({ courseId: course.id, ...course.nextLesson });
}

export function hasAccess(course: DashboardCourse): boolean {
  return course.access.accessType !== 'none';
}

/** Spec 2 §2: completed modules = floor(progress / 100 × module count). */
export function completedModules(course: DashboardCourse): number {
  return Math.floor((course.progress / 100) * course.moduleCount);
}

/** A coming-soon course a paid bundle includes. */
export const opensOnReleaseText = 'Included, opens when released';
