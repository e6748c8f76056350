import type { DashboardCourse } from '../../../../shared/api/dashboard.ts';
import { completedModules, levelLabel, nextLessonPath } from './dashboard-links.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { formatDate } from '../../../../shared/rules/dates.ts';

/** A course the learner can open: percent, completed modules, and where to go on. */
export function CourseProgressCard({
  course,
  showDescription = false,
}: {
  course: DashboardCourse;
  showDescription?: boolean;
}) {
  return (
    <article
      aria-labelledby={`course-${course.id}`}
      className="flex w-full flex-col rounded-xl border border-ink-600/20 bg-white p-5 shadow-sm"
    >
      <p className="text-xs font-semibold tracking-wide text-flame-700 uppercase">
        {levelLabel(course.level)}
      </p>
      <h3 id={`course-${course.id}`} className="mt-1 font-display text-xl font-bold">
        {course.title}
      </h3>
      {showDescription && <p className="mt-2 text-sm text-ink-700">{course.description}</p>}
      <div className="mt-4 flex justify-between text-sm text-ink-800">
        <span>{course.progress}% complete</span>
        <span>
          {completedModules(course)} of {course.moduleCount} modules
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${course.title} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={course.progress}
        className="mt-1 h-2 overflow-hidden rounded-full bg-ink-600/15"
      >
        <div
          className="h-full rounded-full bg-flame-600"
          style={{ width: `${course.progress}%` }}
        />
      </div>
      {course.lockedModules.length > 0 && (
        <ul
          aria-label={`${course.title}: modules not open yet`}
          className="mt-3 space-y-1 text-sm text-ink-700"
        >
          {course.lockedModules.map((module) => (
            <li key={module.moduleId}>
              {module.title}: Opens on {formatDate(module.opensOn)}
            </li>
          ))}
        </ul>
      )}
      <ButtonLink
        to={nextLessonPath(course)}
        aria-label={`${course.hasStarted ? 'Continue learning' : 'Start course'}: ${course.title}`}
        size="sm"
        className="mt-5 self-start"
      >
        {course.hasStarted ? 'Continue learning' : 'Start course'}
      </ButtonLink>
    </article>
  );
}
