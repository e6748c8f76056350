import { CalendarPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { LearnerSession } from '../../../../shared/api/sessions.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Link, useParams, useSearchParams } from '../../../lib/router/router.tsx';
import {
  useCancelSession,
  useConfirmSessionPayment,
  useLearnerSession,
  useRescheduleSession,
  useSlots,
} from '../api/sessions.ts';
import { SlotPicker } from '../components/slot-picker.tsx';
import { formatSpan, formatTime, viewerTimeZone } from '../session-time.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { panelClass } from '../../../components/ui/panel.tsx';

/** /sessions/{id}: when it is, Join from 10 minutes before, Reschedule until the cut-off. */
export function SessionRoute() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const confirmation = useConfirmSessionPayment(searchParams.get('session_id'));
  const session = useLearnerSession(id);

  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <p>
        <Link to="/sessions" className="font-medium text-flame-700 underline">
          Your sessions
        </Link>
      </p>
      <h1 className="mt-4 font-display text-3xl font-bold">One-to-One Illumination Session</h1>
      {confirmation.data?.status === 'paid' && session.data?.status === 'booked' && (
        <p role="status" className="mt-4 rounded-lg bg-white p-4 shadow-sm">
          Thank you: your session is booked. A confirmation with a calendar file is on its way to
          your inbox.
        </p>
      )}
      {session.isPending && <p className="mt-6">Loading your session...</p>}
      {session.isError && (
        <ErrorAlert
          error={session.error}
          fallback="Could not load this session. Please try again."
        />
      )}
      {session.data && <SessionDetails session={session.data} />}
    </main>
  );
}

function SessionDetails({ session }: { session: LearnerSession }) {
  const isBooked = session.status === 'booked';
  return (
    <section className={`mt-6 space-y-5 ${panelClass}`}>
      <p className="text-lg">
        {formatSpan(session.startsAt, session.endsAt)}{' '}
        <span className="text-ink-700">({viewerTimeZone()})</span>
      </p>
      {session.status === 'cancelled' && (
        <p>
          This session was cancelled. {session.cancelReason} Where it was paid for, the payment is
          refunded to the card it came from.
        </p>
      )}
      {session.status === 'completed' && <p>This session has been held.</p>}
      {isBooked && (
        <>
          <JoinButton session={session} />
          <a
            href={`/api/sessions/${session.id}/calendar`}
            download="session.ics"
            className={buttonClass('secondary')}
          >
            <CalendarPlus aria-hidden="true" className="h-4 w-4" />
            Add to calendar
          </a>
          <Reschedule session={session} />
          <CancelSession session={session} />
        </>
      )}
    </section>
  );
}

function JoinButton({ session }: { session: LearnerSession }) {
  if (session.joinUrl) {
    return (
      <ButtonLink to={session.joinUrl} target="_blank" rel="noopener noreferrer">
        Join
      </ButtonLink>
    );
  }
  if (!session.hasMeetingLink) {
    return (
      <p className="rounded-lg border border-flame-700/40 bg-flame-50 p-3">
        The meeting link for this session has not been added yet. Join appears here as soon as it
        is, from 10 minutes before the start. If it is still missing, you can cancel below until the
        session ends, refunded in full.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <Button disabled aria-describedby="join-opens">
        Join
      </Button>
      <p id="join-opens" className="text-sm text-ink-700">
        Join opens 10 minutes before the start, at {formatTime(session.joinOpensAt)}.
      </p>
    </div>
  );
}

/** Cancel with a full refund, behind a confirmation naming the policy. */
function CancelSession({ session }: { session: LearnerSession }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const cancel = useCancelSession(session.id);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (isConfirming) confirmRef.current?.focus();
  }, [isConfirming]);

  if (!session.canCancel) return null;
  const policy = session.hasMeetingLink
    ? `You can cancel up to ${session.rescheduleCutoffHours} hours before the start and are refunded in full.`
    : 'While the session has no meeting link, you can cancel until it ends and are refunded in full.';
  return (
    <section aria-labelledby="cancel-heading" className="border-t border-ink-600/20 pt-5">
      <h2 id="cancel-heading" className="font-display text-xl font-bold">
        Cancel
      </h2>
      <p className="mt-2 text-ink-800">{policy}</p>
      {cancel.isError && (
        <ErrorAlert
          error={cancel.error}
          fallback="Could not cancel the session. Please try again."
        />
      )}
      {isConfirming ? (
        <div className="mt-3 flex flex-wrap gap-3">
          <Button
            ref={confirmRef}
            variant="danger"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            Cancel and refund
          </Button>
          <Button variant="ghost" onClick={() => setIsConfirming(false)}>
            Keep my session
          </Button>
        </div>
      ) : (
        <Button variant="secondary" className="mt-3" onClick={() => setIsConfirming(true)}>
          Cancel session
        </Button>
      )}
    </section>
  );
}

function Reschedule({ session }: { session: LearnerSession }) {
  const [isOpen, setIsOpen] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const slots = useSlots();
  const reschedule = useRescheduleSession(session.id);

  if (!session.canReschedule) {
    return (
      <p className="text-ink-800">
        Sessions can be {session.hasMeetingLink ? 'rescheduled or cancelled' : 'rescheduled'} up to{' '}
        {session.rescheduleCutoffHours} hours before they start, so this one keeps its time.
        {session.contactEmail && (
          <>
            {' '}
            To ask about it, write to{' '}
            <a href={`mailto:${session.contactEmail}`} className="text-flame-700 underline">
              {session.contactEmail}
            </a>
            .
          </>
        )}
      </p>
    );
  }
  if (!isOpen) {
    return (
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        Reschedule
      </Button>
    );
  }
  return (
    <section aria-labelledby="reschedule-heading" className="border-t border-ink-600/20 pt-5">
      <h2 id="reschedule-heading" className="font-display text-xl font-bold">
        Reschedule
      </h2>
      {slots.data ? (
        <div className="mt-3">
          <SlotPicker slots={slots.data.slots} selected={selected} onSelect={setSelected} />
        </div>
      ) : (
        <p className="mt-3">Loading free times...</p>
      )}
      {reschedule.isError && (
        <ErrorAlert
          error={reschedule.error}
          fallback="Could not move the session. Please try again."
        />
      )}
      {reschedule.isSuccess && (
        <p role="status" className="mt-3">
          Your session has moved. A new calendar file is on its way to your inbox.
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button
          disabled={!selected || reschedule.isPending}
          onClick={() => selected && reschedule.mutate(selected)}
        >
          Move my session
        </Button>
        <Button variant="ghost" onClick={() => setIsOpen(false)}>
          Keep the current time
        </Button>
      </div>
    </section>
  );
}
