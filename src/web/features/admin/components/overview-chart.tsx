import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Overview } from '../../../../shared/api/admin.ts';
import { formatMonthDay } from '../../../../shared/rules/dates.ts';

/**
 * Sign-ups and purchases as bars, revenue (in euros) as a line on its own axis. Hidden from
 * screen readers, who get the same numbers from the table beside it.
 */
export function OverviewChart({ weeks }: { weeks: Overview['weeks'] }) {
  const data = weeks.map((week) => ({ ...week, revenue: week.revenueCents / 100 }));
  return (
    <div className="mt-4 h-72" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="weekStart" tickFormatter={(day: string) => formatMonthDay(day, 'UTC')} />
          <YAxis yAxisId="count" allowDecimals={false} />
          <YAxis yAxisId="revenue" orientation="right" />
          <Tooltip />
          <Legend />
          <Bar yAxisId="count" dataKey="signUps" name="Sign-ups" fill="#5a4a8a" />
          <Bar yAxisId="count" dataKey="purchases" name="Purchases" fill="#d97706" />
          <Line yAxisId="revenue" dataKey="revenue" name="Revenue (€)" stroke="#92400e" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
