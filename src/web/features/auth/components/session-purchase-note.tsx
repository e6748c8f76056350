import { describeSessionOffer, useSessionOffer } from '../../../lib/session-offer.ts';

/** On the way to /book-session: what is being bought, and that signing in leads back to it. */
export function SessionPurchaseNote() {
  const offer = useSessionOffer();
  return (
    <section
      aria-labelledby="session-purchase-note"
      className="mb-6 rounded-lg border border-flame-600/40 bg-flame-50 p-4 text-ink-900"
    >
      <h2 id="session-purchase-note" className="font-semibold">
        You are booking: {offer.data?.name ?? 'One-to-One Illumination Session'}
      </h2>
      {offer.data && <p className="mt-1">{describeSessionOffer(offer.data)}</p>}
      <p className="mt-1 text-sm text-ink-700">
        Sign in to choose your day and time; you pay after choosing. New here? Create an account
        first.
      </p>
    </section>
  );
}
