import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Link } from '../../../lib/router/router.tsx';
import { useMySessions } from '../api/sessions.ts';
import { SessionSummary } from '../components/session-summary.tsx';

/** /sessions: the learner's upcoming and past one-to-one sessions. */
export function SessionsRoute() {
  const sessions = useMySessions();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl font-bold">Your Sessions</h1>
      <p className="mt-3">
        <Link to="/book-session" className="font-medium text-flame-700 underline">
          Book a one-to-one illumination session
        </Link>
      </p>
      {sessions.isPending && <p className="mt-6">Loading your sessions...</p>}
      {sessions.isError && (
        <ErrorAlert
          error={sessions.error}
          fallback="Could not load your sessions. Please try again."
        />
      )}
      {sessions.data && (
        <>
          <section aria-labelledby="upcoming" className="mt-8">
            <h2 id="upcoming" className="font-display text-xl font-bold">
              Upcoming
            </h2>
            {sessions.data.upcoming.length === 0 ? (
              <p className="mt-2 text-ink-700">You have no upcoming sessions.</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {sessions.data.upcoming.map((session) => (
                  <li key={session.id}>
                    <SessionSummary session={session} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="past" className="mt-8">
            <h2 id="past" className="font-display text-xl font-bold">
              Past
            </h2>
            {sessions.data.past.length === 0 ? (
              <p className="mt-2 text-ink-700">No past sessions yet.</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {sessions.data.past.map((session) => (
                  <li key={session.id}>
                    <SessionSummary session={session} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </main>
  );
}
