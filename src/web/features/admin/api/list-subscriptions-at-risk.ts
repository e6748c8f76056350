import { useQuery } from '@tanstack/react-query';
import type { SubscriptionsAtRiskResponse } from '../../../../shared/api/payments.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Subscriptions whose renewal was left unpaid: in their grace, or paused. */
export function useSubscriptionsAtRisk() {
  return useQuery({
    queryKey: ['admin', 'subscriptions-at-risk'],
    queryFn: ({ signal }) =>
      apiRequest<SubscriptionsAtRiskResponse>('/api/admin/subscriptions-at-risk', { signal }),
  });
}
