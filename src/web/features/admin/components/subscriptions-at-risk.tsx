import type { SubscriptionAtRisk } from '../../../../shared/api/payments.ts';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { useSubscriptionsAtRisk } from '../api/list-subscriptions-at-risk.ts';

/**
 * Learners whose card was declined at a renewal (docs/decisions/038): open while Stripe retries,
 * paused once the grace has run out. Each opens in Access, where the subscription is shown.
 */
export function SubscriptionsAtRisk({ onOpenUser }: { onOpenUser: (userId: string) => void }) {
  const list = useSubscriptionsAtRisk();
  return (
    <Panel title="Payments at risk" className="mb-6">
      {list.isError && <p role="alert">The payments at risk could not be loaded.</p>}
      {list.data?.subscriptions.length === 0 && (
        <p className="mt-3 text-ink-700">Every subscription is paid up.</p>
      )}
      {list.data && list.data.subscriptions.length > 0 && (
        <ul className="mt-3 divide-y divide-ink-600/10">
          {list.data.subscriptions.map((subscription) => (
            <li
              key={subscription.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span>
                <span className="font-semibold">{subscription.email}</span>
                {subscription.planProductName && (
                  <span className="text-ink-700">
                    {' '}
                    · payment plan for {subscription.planProductName}
                  </span>
                )}
                <span className="text-ink-700"> · {stateOf(subscription)}</span>
              </span>
              <Button
                variant="secondary"
                className="px-3 py-1 text-sm"
                aria-label={`Manage ${subscription.email}`}
                onClick={() => onOpenUser(subscription.userId)}
              >
                Manage
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function stateOf(subscription: SubscriptionAtRisk): string {
  const failed = `payment failed ${formatAdminDate(subscription.paymentFailedAt)}`;
  if (subscription.accessPausedAt) {
    return `${failed}, access paused ${formatAdminDate(subscription.accessPausedAt)}`;
  }
  return subscription.graceEndsAt
    ? `${failed}, open until ${formatAdminDate(subscription.graceEndsAt)}`
    : failed;
}
