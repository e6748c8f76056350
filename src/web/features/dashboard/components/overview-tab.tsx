import type { ReactNode } from 'react';
import type { Dashboard } from '../../../../shared/api/dashboard.ts';
import { Achievements } from './achievements.tsx';
import { ContinueYourJourney } from './continue-your-journey.tsx';
import { CourseProgressCard } from './course-progress-card.tsx';
import { hasAccess } from './dashboard-links.ts';
import { EmptyCourses } from './empty-courses.tsx';
import { RecentlyWatched } from './recently-watched.tsx';

export function OverviewTab({
  dashboard,
  upcomingSessions,
}: {
  dashboard: Dashboard;
  upcomingSessions?: ReactNode;
}) {
  const enrolled = dashboard.courses.filter(hasAccess);
  return (
    <div className="space-y-8">
      <section aria-labelledby="your-courses">
        <h2 id="your-courses" className="font-display text-xl font-bold">
          Your Courses
        </h2>
        <div className="mt-4">
          {enrolled.length === 0 ? (
            <EmptyCourses />
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {enrolled.map((course) => (
                <li key={course.id} className="flex">
                  <CourseProgressCard course={course} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentlyWatched entries={dashboard.recentlyWatched} />
        {upcomingSessions}
      </div>
      <Achievements achievements={dashboard.achievements} />
      <ContinueYourJourney courses={dashboard.courses} />
    </div>
  );
}
