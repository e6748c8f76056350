import { lazy, Suspense } from 'react';
import { formatDate } from '../../../../shared/rules/dates.ts';
import { formatEuros } from '../../../../shared/rules/pricing.ts';
import { useOverview } from '../api/get-overview.ts';
import { BackupStatus } from './backup-status.tsx';
import { GoLiveChecklist } from './go-live-checklist.tsx';
import { SafetyEvents } from './safety-events.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

// Recharts loads only here, so no other page carries it.
const OverviewChart = lazy(async () => ({
  default: (await import('./overview-chart.tsx')).OverviewChart,
}));

export function OverviewTab() {
  const overview = useOverview();
  if (overview.isPending) return <p>Loading overview...</p>;
  if (overview.isError) return <p role="alert">The overview could not be loaded.</p>;
  const { counts, weeks, goLive, backups } = overview.data;
  const tiles: [string, string][] = [
    ['Users', String(counts.users)],
    ['Purchases', String(counts.purchases)],
    ['Revenue', formatEuros(counts.revenueCents)],
    ['Inbox', `${counts.newInboxItems} new`],
    ['Assessments', `${counts.assessments} (${counts.unansweredAssessments} waiting)`],
    ['Newsletter subscribers', String(counts.subscribers)],
  ];
  return (
    <div className="space-y-6">
      <GoLiveChecklist items={goLive} />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white p-4 shadow-sm">
            <dt className="text-sm text-ink-700">{label}</dt>
            <dd className="font-display text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <Panel title={`The last ${weeks.length} weeks`}>
        <Suspense fallback={<p>Loading chart...</p>}>
          <OverviewChart weeks={weeks} />
        </Suspense>
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Sign-ups, purchases and revenue per week</caption>
          <thead className="border-b border-ink-600/20 text-ink-700">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Week of
              </th>
              <th scope="col" className="py-1 pr-3">
                Sign-ups
              </th>
              <th scope="col" className="py-1 pr-3">
                Purchases
              </th>
              <th scope="col" className="py-1">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart} className="border-b border-ink-600/10">
                <td className="py-1 pr-3">{formatDate(week.weekStart)}</td>
                <td className="py-1 pr-3">{week.signUps}</td>
                <td className="py-1 pr-3">{week.purchases}</td>
                <td className="py-1">{formatEuros(week.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      <BackupStatus backups={backups} />
      <SafetyEvents />
    </div>
  );
}
