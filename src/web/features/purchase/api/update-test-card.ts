import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerSubscriptionsResponse } from '../../../../shared/api/payments.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The learner's payment plans whose later payment failed: the test billing page offers a card. */
export function usePlansAtRisk() {
  return useQuery({
    queryKey: ['subscriptions'],
    queryFn: ({ signal }) =>
      apiRequest<CustomerSubscriptionsResponse>('/api/get-customer-subscriptions', { signal }),
    select: (data) => data.plansAtRisk,
  });
}

/** Payment test mode's "update card": the plan pays with a working test card from now on. */
export function useUpdateTestCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkoutId: string) =>
      apiRequest<{ isPaid: boolean }>(`/api/billing/test-card/${encodeURIComponent(checkoutId)}`, {
        body: {},
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
