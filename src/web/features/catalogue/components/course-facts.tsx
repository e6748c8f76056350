import type { CourseSummary } from '../../../../shared/api/catalogue.ts';
import { durationInHours } from '../../../../shared/rules/pricing.ts';

/** Hours and lessons, as the catalogue shows them for every course. */
export function CourseFacts({ course }: { course: CourseSummary }) {
  const hours = durationInHours(course.durationSeconds);
  return (
    <p className="text-sm text-ink-700">
      {hours} {hours === 1 ? 'hour' : 'hours'} · {course.lessonCount} lessons · {course.moduleCount}{' '}
      modules
    </p>
  );
}
