import { useQuery } from '@tanstack/react-query';
import type { SafetyHelp } from '../../../../shared/api/companion.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The operator's helpline and resources; fetched with the lesson, so help never waits on it. */
export function useSafetyHelp() {
  return useQuery({
    queryKey: ['companion', 'safety-help'],
    queryFn: ({ signal }) => apiRequest<SafetyHelp>('/api/companion/safety-help', { signal }),
    staleTime: Infinity,
    retry: 3,
  });
}
