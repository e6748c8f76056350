import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { BetaStats } from '../../../../shared/api/beta.ts';

/** Beta users and average progress per course; the table beside it carries the same numbers. */
export function EngagementCharts({ engagement }: { engagement: BetaStats['courseEngagement'] }) {
  return (
    <figure aria-label="Beta engagement per course" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={engagement} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="title" tick={{ fontSize: 12 }} />
          <YAxis yAxisId="users" allowDecimals={false} />
          <YAxis yAxisId="progress" orientation="right" domain={[0, 100]} unit="%" />
          <Tooltip />
          <Legend />
          <Bar yAxisId="users" dataKey="betaUserCount" name="Beta users" fill="#c2410c" />
          <Bar
            yAxisId="progress"
            dataKey="averageProgress"
            name="Average progress (%)"
            fill="#4338ca"
          />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
