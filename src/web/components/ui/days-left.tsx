import { AlertTriangle } from 'lucide-react';
import { daysLeft, daysLeftTone } from '../../../shared/rules/beta.ts';
import { formatDate } from '../../../shared/rules/dates.ts';

const toneClass = { red: 'text-red-700', orange: 'text-orange-800', green: 'text-green-800' };

/** 'Until {date} (N days left)' in the spec's colours, with a warning icon at 7 days or less. */
export function DaysLeft({ expiresAt, now }: { expiresAt: string; now: number }) {
  const days = daysLeft(new Date(expiresAt), new Date(now));
  const { tone, hasWarning } = daysLeftTone(days);
  return (
    <span className={`inline-flex items-center gap-1 ${toneClass[tone]}`}>
      {hasWarning && <AlertTriangle className="h-4 w-4" aria-label="Expiring soon" />}
      Until {formatDate(expiresAt)} ({days} {days === 1 ? 'day' : 'days'} left)
    </span>
  );
}
