import type { AvailabilityResponse } from '../../../../shared/api/sessions.ts';
import { panelClass } from '../../../components/ui/panel.tsx';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { useAdminSessions, useAvailability } from '../api/admin-sessions.ts';
import { AdminSessionRow } from './admin-session-row.tsx';
import { AvailabilityForm } from './availability-form.tsx';

const requirementWords = {
  hours: 'save your opening hours',
  meetingLink: 'add a default meeting link',
} as const;

/** Whether sessions are on sale, and if not, what the creator has still to save. */
function SaleStatus({ missing }: { missing: AvailabilityResponse['missingForSale'] }) {
  if (missing.length === 0) {
    return (
      <p className={panelClass}>
        One-to-one sessions are on sale: learners can book your free times.
      </p>
    );
  }
  return (
    <div role="note" className={`border border-flame-700/40 ${panelClass}`}>
      <p className="font-semibold">One-to-one sessions are not on sale yet.</p>
      <p className="mt-1">
        So that nobody pays for a call they cannot join, learners can book once you{' '}
        {missing.map((requirement) => requirementWords[requirement]).join(' and ')} under
        Availability below.
      </p>
    </div>
  );
}

/** The Admin Panel's Sessions tab: availability, then every booked session. */
export function AdminSessionsTab() {
  const availability = useAvailability();
  const sessions = useAdminSessions();
  return (
    <div className="space-y-8">
      {availability.data && <SaleStatus missing={availability.data.missingForSale} />}
      <section aria-labelledby="booked-sessions" className="space-y-3">
        <h2 id="booked-sessions" className="font-display text-xl font-bold">
          Booked sessions
        </h2>
        {sessions.isError && (
          <ErrorAlert
            error={sessions.error}
            fallback="Could not load the sessions. Please try again."
          />
        )}
        {sessions.data?.sessions.length === 0 && <p>No sessions are booked.</p>}
        {availability.data && sessions.data && (
          <ul className="space-y-3">
            {sessions.data.sessions.map((session) => (
              <AdminSessionRow
                key={session.id}
                session={session}
                timeZone={availability.data.timeZone}
                hasDefaultLink={availability.data.defaultMeetingUrl !== ''}
              />
            ))}
          </ul>
        )}
      </section>
      {availability.isError && (
        <ErrorAlert
          error={availability.error}
          fallback="Could not load the opening hours. Please try again."
        />
      )}
      {availability.data && <AvailabilityForm saved={availability.data} />}
    </div>
  );
}
