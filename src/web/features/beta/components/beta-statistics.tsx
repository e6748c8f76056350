import { lazy, Suspense } from 'react';
import { betaMessages } from '../../../../shared/rules/beta.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { useBetaStats } from '../api/get-beta-stats.ts';
import { formatDateTime } from '../../../../shared/rules/dates.ts';

// Recharts loads only when an admin opens Statistics.
const EngagementCharts = lazy(async () => ({
  default: (await import('./engagement-charts.tsx')).EngagementCharts,
}));

function formatMinutes(seconds: number): string {
  return `${Math.round(seconds / 60)} min`;
}

export function BetaStatistics() {
  const stats = useBetaStats();
  if (stats.isPending) return <p className="text-ink-700">Loading statistics...</p>;
  if (stats.isError) return <ErrorAlert error={stats.error} fallback={betaMessages.tryLater} />;
  const { data } = stats;
  const totals = [
    ['Active beta users', String(data.totalActiveBetaUsers)],
    ['Expired beta users', String(data.totalExpiredBetaUsers)],
    ['Conversion rate', `${data.conversionRate}%`],
  ];
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        {totals.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-ink-600/20 p-4">
            <dt className="text-sm text-ink-700">{label}</dt>
            <dd className="font-display text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <Suspense fallback={<p className="text-ink-700">Loading charts...</p>}>
        <EngagementCharts engagement={data.courseEngagement} />
      </Suspense>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left font-display text-lg font-semibold">
            Engagement per course
          </caption>
          <thead>
            <tr className="border-b border-ink-600/20">
              <th className="py-2 pr-3">Course</th>
              <th className="py-2 pr-3">Beta users</th>
              <th className="py-2 pr-3">Average progress</th>
              <th className="py-2 pr-3">Average time spent</th>
            </tr>
          </thead>
          <tbody>
            {data.courseEngagement.map((course) => (
              <tr key={course.courseId} className="border-b border-ink-600/10">
                <td className="py-2 pr-3">{course.title}</td>
                <td className="py-2 pr-3">{course.betaUserCount}</td>
                <td className="py-2 pr-3">{course.averageProgress}%</td>
                <td className="py-2 pr-3">{formatMinutes(course.averageTimeSpent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-ink-700">Updated {formatDateTime(data.updatedAt)}</p>
    </div>
  );
}
