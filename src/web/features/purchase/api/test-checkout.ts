import { useMutation, useQuery } from '@tanstack/react-query';
import type { RedirectResponse, TestCard, TestCheckout } from '../../../../shared/api/payments.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const sessionPath = (sessionId: string) =>
  `/api/checkout/test-sessions/${encodeURIComponent(sessionId)}`;

export function useTestCheckout(sessionId: string) {
  return useQuery({
    queryKey: ['test-checkout', sessionId],
    queryFn: ({ signal }) => apiRequest<TestCheckout>(sessionPath(sessionId), { signal }),
  });
}

/** "Pay now" or "Cancel" on the test payment page; the answer says where to go next. */
export function useFinishTestCheckout(sessionId: string) {
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
      apiRequest<RedirectResponse>(`${sessionPath(sessionId)}/${action}`, {
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
