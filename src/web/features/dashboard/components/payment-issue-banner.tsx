import type { PaymentPlanSummary, Subscription } from '../../../../shared/api/payments.ts';
import { formatDate } from '../../../../shared/rules/dates.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useOwnSubscriptions } from '../api/list-subscriptions.ts';
import { useOpenCustomerPortal } from '../api/open-customer-portal.ts';

/**
 * A renewal left unpaid (docs/decisions/038): calm words, the date access lasts until, and the
 * billing portal to update the card; the same for a payment plan's later payment. Nothing when
 * everything is paid up.
 */
export function PaymentIssueBanner() {
  const subscriptions = useOwnSubscriptions();
  const portal = useOpenCustomerPortal();
  const unpaid: { graceEndsAt: string; accessPausedAt: string | null } | undefined =
    subscriptions.data?.subscriptions.find(
      (subscription): subscription is Subscription & { graceEndsAt: string } =>
        subscription.graceEndsAt !== null,
    ) ??
    subscriptions.data?.plansAtRisk.find(
      (plan): plan is PaymentPlanSummary & { graceEndsAt: string } => plan.graceEndsAt !== null,
    );
  if (!unpaid) return null;
  // Read at the answer's time: the clock may not have recorded a pause that has come due.
  const isPaused =
    unpaid.accessPausedAt !== null ||
    new Date(unpaid.graceEndsAt).getTime() <= subscriptions.dataUpdatedAt;
  return (
    <section
      aria-labelledby="payment-issue-heading"
      className="rounded-xl border border-flame-500/40 bg-white px-5 py-4"
    >
      <h2 id="payment-issue-heading" className="font-display text-lg font-bold">
        Your last payment did not go through
      </h2>
      <p className="mt-1 text-ink-800">
        {isPaused
          ? 'Your access is paused until the payment goes through. Your progress and reflections are kept.'
          : `Your courses stay open until ${formatDate(unpaid.graceEndsAt)}. Update your card to keep your access.`}
      </p>
      <Button className="mt-3" onClick={() => portal.mutate()} disabled={portal.isPending}>
        Update card
      </Button>
    </section>
  );
}
