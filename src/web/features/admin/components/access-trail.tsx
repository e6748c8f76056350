import type { AccessEvent } from '../../../../shared/api/admin.ts';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';

/** Every grant, revoke and extension of this user's access, newest first. */
export function AccessTrail({ events }: { events: AccessEvent[] }) {
  return (
    <details className="rounded-lg border border-ink-600/20 p-4">
      <summary className="cursor-pointer font-display text-lg font-bold">
        Access history ({events.length})
      </summary>
      {events.length === 0 ? (
        <p className="mt-3 text-ink-700">No access changes recorded.</p>
      ) : (
        <ol className="mt-3 space-y-1 text-sm">
          {events.map((event) => (
            <li key={event.id}>
              {formatAdminDate(event.createdAt)}: {event.action} {event.courseId} ({event.source}
              {event.actorEmail ? `, by ${event.actorEmail}` : ''}
              {event.reference ? `, ${event.reference}` : ''})
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
