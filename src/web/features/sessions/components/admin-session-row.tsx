import { useState } from 'react';
import type { AdminSession } from '../../../../shared/api/sessions.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSessionAction } from '../api/admin-sessions.ts';
import { formatSpan, viewerTimeZone } from '../session-time.ts';
import { panelClass } from '../../../components/ui/panel.tsx';

const field = 'w-full rounded-lg border border-ink-600/40 px-3 py-2';

/** One booked session in the creator's list: its learner, link, and what can be done with it. */
export function AdminSessionRow({
  session,
  timeZone,
  hasDefaultLink,
}: {
  session: AdminSession;
  timeZone: string;
  hasDefaultLink: boolean;
}) {
  const action = useSessionAction(session.id);
  const [meetingUrl, setMeetingUrl] = useState(session.meetingUrl ?? '');
  const [isCancelling, setIsCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const when = `${formatSpan(session.startsAt, session.endsAt, timeZone)} (${timeZone})`;
  const viewerZone = viewerTimeZone();
  const hasStarted = new Date(session.startsAt) <= new Date();

  return (
    <li className={`space-y-3 ${panelClass}`}>
      <p className="font-semibold">{when}</p>
      {viewerZone !== timeZone && (
        <p className="text-sm text-ink-700">
          Your browser&apos;s time: {formatSpan(session.startsAt, session.endsAt, viewerZone)} (
          {viewerZone})
        </p>
      )}
      {!session.meetingUrl && !hasDefaultLink && (
        <p className="rounded-lg border border-flame-700/40 bg-flame-50 p-3 text-sm">
          This session has no meeting link: the learner sees that Join is not ready and may cancel
          for a full refund. Add a link below or a default link under Availability.
        </p>
      )}
      <p className="text-ink-700">
        {session.learner ? `${session.learner.name} · ${session.learner.email}` : 'Deleted account'}
        {session.isTestPayment && ' · test payment'}
      </p>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          action.mutate({ kind: 'link', meetingUrl });
        }}
      >
        <label className="flex-1">
          <span className="mb-1 block text-sm font-semibold">Meeting link for {when}</span>
          <input
            type="url"
            value={meetingUrl}
            maxLength={500}
            placeholder="https://"
            onChange={(event) => setMeetingUrl(event.target.value)}
            className={field}
          />
        </label>
        <Button type="submit" variant="secondary" disabled={action.isPending}>
          Save link
        </Button>
      </form>
      <div className="flex flex-wrap gap-3">
        {hasStarted && (
          <Button
            variant="secondary"
            disabled={action.isPending}
            onClick={() => action.mutate({ kind: 'held' })}
          >
            Mark as held
          </Button>
        )}
        {!isCancelling && (
          <Button variant="ghost" onClick={() => setIsCancelling(true)}>
            Cancel session
          </Button>
        )}
      </div>
      {isCancelling && (
        <div className="space-y-2 rounded-lg border border-red-700/40 p-3">
          <label className="block">
            <span className="mb-1 block text-sm font-semibold">Reason, sent to the learner</span>
            <textarea
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              className={field}
            />
          </label>
          <p className="text-sm">
            {session.isPaid ? 'The payment is refunded in full.' : 'Nothing was paid.'}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="danger"
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'cancel', reason })}
            >
              Confirm cancellation
            </Button>
            <Button variant="ghost" onClick={() => setIsCancelling(false)}>
              Keep the session
            </Button>
          </div>
        </div>
      )}
      {action.isError && (
        <ErrorAlert
          error={action.error}
          fallback="Could not change the session. Please try again."
        />
      )}
      {action.isSuccess && <p role="status">Saved.</p>}
    </li>
  );
}
