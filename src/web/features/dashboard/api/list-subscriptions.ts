import { useQuery } from '@tanstack/react-query';
import type { CustomerSubscriptionsResponse } from '../../../../shared/api/payments.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The signed-in learner's subscriptions, with the grace of a renewal left unpaid. */
export function useOwnSubscriptions() {
  return useQuery({
    queryKey: ['subscriptions'],
    queryFn: ({ signal }) =>
      apiRequest<CustomerSubscriptionsResponse>('/api/get-customer-subscriptions', { signal }),
  });
}
