import { Link, useSearchParams } from '../../../lib/router/router.tsx';
import { formatEuros } from '../../../../shared/rules/pricing.ts';
import { toReturnPath } from '../../../../shared/rules/return-path.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePurchases } from '../api/list-purchases.ts';
import { usePlansAtRisk, useUpdateTestCard } from '../api/update-test-card.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TestModeBanner } from '../components/test-mode-banner.tsx';
import { formatDate } from '../../../../shared/rules/dates.ts';

/**
 * Payment test mode's stand-in for Stripe's billing portal: the learner's purchases, and for a
 * plan whose test card was declined, a working card (docs/decisions/038).
 */
export function TestBillingRoute() {
  const [searchParams] = useSearchParams();
  const purchases = usePurchases();
  const plansAtRisk = usePlansAtRisk();
  const updateCard = useUpdateTestCard();
  const returnPath = toReturnPath(searchParams.get('return') ?? '') ?? paths.dashboard;

  return (
    <div className="min-h-screen">
      <TestModeBanner />
      <header className="border-b border-ink-600/20 bg-white px-6 py-4">
        <Logo />
      </header>
      <main className="mx-auto max-w-2xl px-6 py-10">
        <h1 className="font-display text-3xl font-bold text-ink-900">Billing</h1>
        {purchases.isPending && <p className="mt-4">Loading...</p>}
        {purchases.isError && (
          <ErrorAlert error={purchases.error} fallback="Failed to load subscription data" />
        )}
        {plansAtRisk.data?.map((plan) => (
          <section
            key={plan.checkoutId}
            aria-label={`Card for ${plan.productName}`}
            className="mt-6 rounded-xl border border-flame-500/40 bg-white p-5"
          >
            <p className="font-semibold text-ink-900">
              The test card of your {plan.productName} plan was declined.
            </p>
            <Button
              className="mt-3"
              disabled={updateCard.isPending}
              onClick={() => updateCard.mutate(plan.checkoutId)}
            >
              Use a working test card
            </Button>
          </section>
        ))}
        {updateCard.isSuccess && (
          <p role="status" className="mt-4 text-ink-800">
            {updateCard.data.isPaid ? 'Card updated. The payment went through.' : 'Card updated.'}
          </p>
        )}
        {updateCard.isError && (
          <ErrorAlert error={updateCard.error} fallback="The card could not be updated." />
        )}
        {purchases.data?.purchases.length === 0 && (
          <p className="mt-4 text-ink-800">You have not bought anything yet.</p>
        )}
        <ul className="mt-6 space-y-4">
          {purchases.data?.purchases.map((purchase) => (
            <li key={purchase.id} className="rounded-xl bg-white p-5 shadow">
              <p className="font-semibold text-ink-900">
                {purchase.items.map((item) => item.name).join(', ')}
              </p>
              <p className="text-sm text-ink-800">
                {formatDate(purchase.purchasedAt)} · {formatEuros(purchase.amountPaidCents)}
                {purchase.refundedAt
                  ? ' · Refunded'
                  : purchase.accessExpiresAt &&
                    ` · Access until ${formatDate(purchase.accessExpiresAt)}`}
              </p>
            </li>
          ))}
        </ul>
        <Link to={returnPath} className="mt-8 inline-block font-medium text-flame-700 underline">
          Return
        </Link>
      </main>
    </div>
  );
}
