import type { Dashboard } from '../../../../shared/api/dashboard.ts';
import { CourseProgressCard } from './course-progress-card.tsx';
import { hasAccess } from './dashboard-links.ts';
import { EmptyCourses } from './empty-courses.tsx';

export function MyCoursesTab({ dashboard }: { dashboard: Dashboard }) {
  const enrolled = dashboard.courses.filter(hasAccess);
  return (
    <section aria-labelledby="my-courses" className="space-y-4">
      <h2 id="my-courses" className="font-display text-xl font-bold">
        My Courses
      </h2>
      {enrolled.length === 0 ? (
        <EmptyCourses />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {enrolled.map((course) => (
            <li key={course.id} className="flex">
              <CourseProgressCard course={course} showDescription />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
