import { useState } from 'react';
import { formatEuros } from '../../../../shared/rules/pricing.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Link, useSearchParams } from '../../../lib/router/router.tsx';
import { useBookSession, useSlots } from '../api/sessions.ts';
import { SlotPicker } from '../components/slot-picker.tsx';
import { formatSpan } from '../session-time.ts';
import { Panel } from '../../../components/ui/panel.tsx';

/** /book-session: pick a day and a time, then pay; the time is held while the checkout is open. */
export function BookSessionRoute() {
  const slots = useSlots();
  const book = useBookSession();
  const [selected, setSelected] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  const chosen = slots.data?.slots.find((slot) => slot.startsAt === selected);

  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl font-bold">Book a One-to-One Illumination Session</h1>
      <p className="mt-3 text-ink-700">
        A private video call to illuminate where you stand and the next true step of your path.
      </p>
      {searchParams.get('canceled') === 'true' && (
        <p role="status" className="mt-4 rounded-lg bg-white p-4 shadow-sm">
          Your checkout was canceled and nothing was charged. The time you chose is free again.
        </p>
      )}
      {slots.isPending && <p className="mt-6">Loading free times...</p>}
      {slots.isError && (
        <ErrorAlert
          error={slots.error}
          fallback="Could not load the free times. Please try again."
        />
      )}
      {slots.data && (
        <Panel title="Choose your time" className="mt-6">
          <div className="mt-4">
            <SlotPicker slots={slots.data.slots} selected={selected} onSelect={setSelected} />
          </div>
          {book.isError && (
            <ErrorAlert error={book.error} fallback="Could not hold this time. Please try again." />
          )}
          <div className="sticky bottom-0 mt-6 -mx-5 -mb-5 flex flex-col gap-3 rounded-b-xl border-t border-ink-600/15 bg-white p-5 sm:flex-row sm:items-center">
            <p className="font-semibold">
              {slots.data.sessionMinutes} minutes · {formatEuros(slots.data.product.priceCents)}
            </p>
            <Button
              disabled={!chosen || book.isPending || book.isSuccess}
              onClick={() => chosen && book.mutate(chosen.startsAt)}
            >
              Continue to payment
            </Button>
            <p aria-live="polite" className="text-sm text-ink-700">
              {chosen
                ? `Your choice: ${formatSpan(chosen.startsAt, chosen.endsAt)}. It is held for you while you pay.`
                : 'Choose a day and a time to continue.'}
            </p>
          </div>
        </Panel>
      )}
      <p className="mt-6">
        <Link to="/sessions" className="font-medium text-flame-700 underline">
          Your sessions
        </Link>
      </p>
    </main>
  );
}
