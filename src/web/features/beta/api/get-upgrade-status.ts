import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const ATTEMPTS = 5;

/** Whether the checkout the learner came back from upgraded them from beta (asked a few times while it is fulfilled). */
export function useUpgradeStatus(sessionId: string | null) {
  return useQuery({
    queryKey: ['beta', 'upgrade', sessionId],
    enabled: sessionId !== null,
    queryFn: ({ signal }) =>
      apiRequest<{ upgraded: boolean }>('/api/beta/upgrade-status', {
        body: { sessionId },
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.upgraded || query.state.dataUpdateCount >= ATTEMPTS ? false : 1500,
    staleTime: Infinity,
  });
}
