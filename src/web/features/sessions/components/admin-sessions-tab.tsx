import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { useAdminSessions, useAvailability } from '../api/admin-sessions.ts';
import { AdminSessionRow } from './admin-session-row.tsx';
import { AvailabilityForm } from './availability-form.tsx';

/** The Admin Panel's Sessions tab: availability, then every booked session. */
export function AdminSessionsTab() {
  const availability = useAvailability();
  const sessions = useAdminSessions();
  return (
    <div className="space-y-8">
      <section aria-labelledby="booked-sessions" className="space-y-3">
        <h2 id="booked-sessions" className="font-display text-xl font-bold">
          Booked sessions
        </h2>
        {sessions.isError && <ErrorAlert>{sessions.error.message}</ErrorAlert>}
        {sessions.data?.sessions.length === 0 && <p>No sessions are booked.</p>}
        {availability.data && sessions.data && (
          <ul className="space-y-3">
            {sessions.data.sessions.map((session) => (
              <AdminSessionRow
                key={session.id}
                session={session}
                timeZone={availability.data.timeZone}
              />
            ))}
          </ul>
        )}
      </section>
      {availability.isError && <ErrorAlert>{availability.error.message}</ErrorAlert>}
      {availability.data && <AvailabilityForm saved={availability.data} />}
    </div>
  );
}
