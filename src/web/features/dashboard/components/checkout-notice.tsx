import { useSearchParams } from '../../../lib/router/router.tsx';
import {
  checkoutOutcomeMessages,
  subscriptionReturnMessages,
} from '../../../../shared/rules/purchase.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { useConfirmCheckout } from '../api/confirm-checkout.ts';

/** What happened at checkout, from /dashboard?session_id=… or ?subscription=success|canceled. */
export function CheckoutNotice() {
  const [searchParams] = useSearchParams();
  const confirmation = useConfirmCheckout(searchParams.get('session_id'));
  const subscriptionReturn = searchParams.get('subscription');
  const message = confirmation.data
    ? checkoutOutcomeMessages[confirmation.data.status]
    : subscriptionReturn === 'success' || subscriptionReturn === 'canceled'
      ? subscriptionReturnMessages[subscriptionReturn]
      : '';

  return (
    <>
      <p
        role="status"
        className={
          message ? 'rounded-lg border border-flame-500/40 bg-white px-4 py-3 font-medium' : ''
        }
      >
        {message}
      </p>
      {confirmation.isError && (
        <ErrorAlert
          error={confirmation.error}
          fallback="We could not check your payment just now. Please reload the page in a moment."
        />
      )}
    </>
  );
}
