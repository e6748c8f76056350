import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfirmCheckoutResponse } from '../../../../shared/api/payments.ts';
import { myAccessQueryKey } from '../../../lib/access.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardQueryKey } from '../../../lib/signed-in-pages.ts';

const PROCESSING_POLL_MS = 5000;

/**
 * After checkout: POST /api/checkout/confirm runs the server's idempotent fulfilment for the
 * buyer's own session (so asking twice is harmless); a processing payment is asked about again
 * every few seconds, and once paid the dashboard is read again so the course shows at once.
 */
export function useConfirmCheckout(checkoutId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['checkout-confirmation', checkoutId],
    queryFn: async () => {
      const result = await apiRequest<ConfirmCheckoutResponse>('/api/checkout/confirm', {
        body: { checkoutId },
      });
      if (result.status === 'paid') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
          queryClient.invalidateQueries({ queryKey: myAccessQueryKey }),
        ]);
      }
      return result;
    },
    enabled: checkoutId !== null,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false,
  });
}
