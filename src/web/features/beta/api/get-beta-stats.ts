import { useQuery } from '@tanstack/react-query';
import type { BetaStats } from '../../../../shared/api/beta.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const betaStatsQueryKey = ['beta', 'stats'] as const;

export function useBetaStats() {
  return useQuery({
    queryKey: betaStatsQueryKey,
    queryFn: ({ signal }) => apiRequest<BetaStats>('/api/beta/stats', { signal }),
  });
}
