import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const ATTEMPTS = 5;

/** Whether the checkout the learner came back from upgraded them from beta (asked a few times while it is fulfilled). */
export function useUpgradeStatus(checkoutId: string | null) {
  return useQuery({
    queryKey: ['beta', 'upgrade', checkoutId],
    enabled: checkoutId !== null,
    queryFn: ({ signal }) =>
      apiRequest<{ upgraded: boolean }>('/api/beta/upgrade-status', {
        body: { checkoutId },
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.upgraded || query.state.dataUpdateCount >= ATTEMPTS ? false : 1500,
    staleTime: Infinity,
  });
}
