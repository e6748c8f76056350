import { CalendarDays } from 'lucide-react';
import type { LearnerSession } from '../../../../shared/api/sessions.ts';
import { dayLabel } from '../../../../shared/rules/sessions.ts';
import { Link } from '../../../lib/router/router.tsx';
import { useMySessions } from '../api/sessions.ts';
import { formatSpan, viewerTimeZone } from '../session-time.ts';
import { panelClass } from '../../../components/ui/panel.tsx';

const link = 'font-medium text-flame-700 underline hover:text-flame-800';

/** The dashboard's Upcoming Sessions: the next three, each with Join and Reschedule. */
export function UpcomingSessionsCard({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const sessions = useMySessions();
  const upcoming = sessions.data?.upcoming.slice(0, 3) ?? [];
  return (
    <section aria-labelledby="upcoming-sessions" className={panelClass}>
      <Heading id="upcoming-sessions" className="font-display text-xl font-bold">
        Upcoming Sessions
      </Heading>
      {sessions.isError && <p className="mt-4">Your sessions could not be loaded.</p>}
      {sessions.data && upcoming.length === 0 && (
        <div className="mt-4 flex items-start gap-3 text-ink-700">
          <CalendarDays className="mt-0.5 h-5 w-5 shrink-0 text-flame-700" aria-hidden="true" />
          <p>You have no upcoming sessions.</p>
        </div>
      )}
      {upcoming.length > 0 && <UpcomingSessionList sessions={upcoming} />}
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1">
        <Link to="/book-session" className={link}>
          Book a one-to-one illumination session
        </Link>
        <Link to="/sessions" className={link}>
          All your sessions
        </Link>
      </p>
    </section>
  );
}

/** Asks for the viewer's time zone only when there is a time to show: the first ask is costly. */
function UpcomingSessionList({ sessions }: { sessions: LearnerSession[] }) {
  const timeZone = viewerTimeZone();
  return (
    <ul className="mt-4 space-y-3">
      {sessions.map((session) => (
        <li key={session.id} className="rounded-lg border border-ink-600/20 p-3">
          <p className="text-sm font-semibold text-flame-800">
            {dayLabel(new Date(session.startsAt), new Date(), timeZone)}
          </p>
          <p>
            {formatSpan(session.startsAt, session.endsAt, timeZone)} ({timeZone})
          </p>
          <p className="mt-2 flex gap-4">
            <Link
              to={`/sessions/${session.id}`}
              className={link}
              aria-label={`Join the session of ${formatSpan(session.startsAt, session.endsAt, timeZone)}`}
            >
              Join
            </Link>
            <Link
              to={`/sessions/${session.id}`}
              className={link}
              aria-label={`Reschedule the session of ${formatSpan(session.startsAt, session.endsAt, timeZone)}`}
            >
              Reschedule
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}
