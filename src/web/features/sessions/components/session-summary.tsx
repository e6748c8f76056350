import type { LearnerSession } from '../../../../shared/api/sessions.ts';
import { dayLabel } from '../../../../shared/rules/sessions.ts';
import { Link } from '../../../lib/router/router.tsx';
import { formatSpan, viewerTimeZone } from '../session-time.ts';

const statusWords: Record<LearnerSession['status'], string> = {
  pending: 'Awaiting payment',
  booked: 'Booked',
  completed: 'Held',
  cancelled: 'Cancelled',
  released: 'Not booked',
};

/** One line of a session list: when, its day label while upcoming, and a link to it. */
export function SessionSummary({ session }: { session: LearnerSession }) {
  const isUpcoming = session.status === 'booked' && new Date(session.endsAt) > new Date();
  return (
    <Link
      to={`/sessions/${session.id}`}
      className="flex flex-col gap-1 rounded-lg border border-ink-600/20 bg-white p-4 hover:border-flame-700 sm:flex-row sm:items-center sm:justify-between"
    >
      <span>
        <span className="font-semibold">One-to-One Illumination Session</span>
        <span className="block text-ink-700">
          {formatSpan(session.startsAt, session.endsAt)} ({viewerTimeZone()})
        </span>
      </span>
      <span className="text-sm font-semibold text-flame-800">
        {isUpcoming
          ? dayLabel(new Date(session.startsAt), new Date(), viewerTimeZone())
          : statusWords[session.status]}
      </span>
    </Link>
  );
}
