import type { DashboardCourse } from '../../../../shared/api/dashboard.ts';
import { buyCoursePath } from '../../../lib/paths.ts';
import { levelLabel, opensOnReleaseText } from './dashboard-links.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { panelClass } from '../../../components/ui/panel.tsx';

const SUGGESTED_COURSES = 2;

/**
 * Up to two courses the learner has not enrolled in, those on sale first. A coming-soon course
 * their bundle includes says so; another coming-soon course offers to tell them when it opens.
 */
export function ContinueYourJourney({ courses }: { courses: DashboardCourse[] }) {
  const suggestions = courses
    .filter((course) => course.access.accessType === 'none')
    .sort((a, b) => Number(a.comingSoon) - Number(b.comingSoon))
    .slice(0, SUGGESTED_COURSES);
  if (suggestions.length === 0) return null;
  return (
    <section aria-labelledby="continue-your-journey">
      <h2 id="continue-your-journey" className="font-display text-xl font-bold">
        Continue Your Journey
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {suggestions.map((course) => (
          <li key={course.id} className={`flex flex-col ${panelClass}`}>
            <p className="text-xs font-semibold tracking-wide text-flame-700 uppercase">
              {levelLabel(course.level)}
              {course.comingSoon && (
                <span className="ml-2 rounded-full bg-ink-600/10 px-2 py-0.5 text-ink-800 normal-case">
                  Coming Soon
                </span>
              )}
            </p>
            <h3 className="mt-1 font-display text-lg font-bold">{course.title}</h3>
            <p className="mt-2 flex-1 text-sm text-ink-700">{course.description}</p>
            {course.access.opensOnRelease ? (
              <p className="mt-4 self-start rounded-full bg-green-50 px-3 py-1 text-sm font-semibold text-green-800">
                {opensOnReleaseText}
              </p>
            ) : (
              <ButtonLink
                to={buyCoursePath(course.id)}
                aria-label={`${course.comingSoon ? 'Tell me when it opens' : 'Enroll now'}: ${course.title}`}
                size="sm"
                className="mt-4 self-start"
              >
                {course.comingSoon ? 'Tell me when it opens' : 'Enroll now'}
              </ButtonLink>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
