import { useMutation, useQuery } from '@tanstack/react-query';
import type { RedirectResponse, TestCard, TestCheckout } from '../../../../shared/api/payments.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const checkoutPath = (checkoutId: string) =>
  `/api/checkout/test-sessions/${encodeURIComponent(checkoutId)}`;

export function useTestCheckout(checkoutId: string) {
  return useQuery({
    queryKey: ['test-checkout', checkoutId],
    queryFn: ({ signal }) => apiRequest<TestCheckout>(checkoutPath(checkoutId), { signal }),
  });
}

/** "Pay now" or "Cancel" on the test payment page; the answer says where to go next. */
export function useFinishTestCheckout(checkoutId: string) {
  return useMutation({
    mutationFn: ({
      action,
      billingCountry,
      testCard,
      vatNumber,
    }: {
      action: 'pay' | 'cancel';
      billingCountry?: string;
      testCard?: TestCard | undefined;
      /** A business's VAT number: in another EU country, reverse charge. */
      vatNumber?: string;
    }) =>
      apiRequest<RedirectResponse>(`${checkoutPath(checkoutId)}/${action}`, {
        body:
          action === 'pay'
            ? {
                ...(billingCountry && { billingCountry }),
                ...(vatNumber && { vatNumber }),
                ...(testCard && { testCard }),
              }
            : {},
      }),
  });
}
