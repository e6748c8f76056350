import type { AdminUserDetail } from '../../../../shared/api/admin.ts';
import { planProgressText, planTermsText } from '../../../../shared/rules/payment-plans.ts';

/** Read only: the learner's purchases paid monthly, as their own Billing tab shows them. */
export function UserPaymentPlans({ plans }: { plans: AdminUserDetail['paymentPlans'] }) {
  if (plans.length === 0) return null;
  return (
    <section aria-labelledby="user-payment-plans">
      <h3 id="user-payment-plans" className="mb-3 font-display text-lg font-bold">
        Payment Plans
      </h3>
      <ul className="divide-y divide-ink-600/10 rounded-lg border border-ink-600/20">
        {plans.map((plan) => (
          <li key={plan.checkoutId} className="space-y-1 px-4 py-3">
            <p className="font-medium">{planTermsText(plan)}</p>
            <p>{planProgressText(plan)}</p>
            <p className="font-mono text-sm break-all text-ink-700">{plan.checkoutId}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
