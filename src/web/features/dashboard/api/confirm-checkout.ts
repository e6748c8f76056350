import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfirmCheckoutResponse } from '../../../../shared/api/payments.ts';
import { myAccessQueryKey } from '../../../lib/access.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * After checkout: POST /api/checkout/confirm runs the server's idempotent fulfilment for the
 * buyer's own session (so asking twice is harmless), then the access shown is read again.
 */
export function useConfirmCheckout(sessionId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['checkout-confirmation', sessionId],
    queryFn: async () => {
      const result = await apiRequest<ConfirmCheckoutResponse>('/api/checkout/confirm', {
        body: { sessionId },
      });
      await queryClient.invalidateQueries({ queryKey: myAccessQueryKey });
      return result;
    },
    enabled: sessionId !== null,
    staleTime: Infinity,
    retry: false,
  });
}
