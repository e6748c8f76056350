import { useQuery } from '@tanstack/react-query';
import type { SafetyEvents } from '../../../../shared/api/companion.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** How often learners were shown the companion's safety response: counts, never their words. */
export function useSafetyEvents() {
  return useQuery({
    queryKey: ['admin', 'safety-events'],
    queryFn: ({ signal }) =>
      apiRequest<SafetyEvents>('/api/admin/companion/safety-events?days=30', { signal }),
  });
}
