import { useEffect } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { Link } from '../../../lib/router/router.tsx';
import { useOpenCustomerPortal } from '../api/open-customer-portal.ts';

const BILLING_TAB = '/dashboard?tab=subscription';

/**
 * Where the failed-payment mail links: a billing portal session lasts minutes, so this page
 * opens a fresh one when the learner arrives, and the portal returns them to their billing.
 */
export function UpdateCardRoute() {
  const portal = useOpenCustomerPortal(BILLING_TAB);
  const { mutate } = portal;
  useEffect(() => mutate(), [mutate]);
  return (
    <div className="min-h-screen">
      <header className="border-b border-ink-600/20 bg-white px-6 py-4">
        <Logo />
      </header>
      <main className="mx-auto max-w-2xl px-6 py-10">
        <h1 className="font-display text-3xl font-bold text-ink-900">Update your card</h1>
        {portal.isError ? (
          <>
            <p role="alert" className="mt-4 text-ink-800">
              Your billing page could not be opened just now.
            </p>
            <Button className="mt-4" onClick={() => mutate()}>
              Try again
            </Button>
          </>
        ) : (
          <p role="status" className="mt-4 text-ink-800">
            Opening your billing page...
          </p>
        )}
        <Link to={BILLING_TAB} className="mt-8 inline-block font-medium text-flame-700 underline">
          Back to your billing
        </Link>
      </main>
    </div>
  );
}
