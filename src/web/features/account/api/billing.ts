import { useMutation, useQuery } from '@tanstack/react-query';
import type { Billing, RefundRequestInput } from '../../../../shared/api/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useBilling() {
  return useQuery({
    queryKey: ['account', 'billing'],
    queryFn: ({ signal }) => apiRequest<Billing>('/api/account/billing', { signal }),
  });
}

export function useRequestRefund() {
  return useMutation({
    mutationFn: (input: RefundRequestInput) =>
      apiRequest('/api/account/refund-requests', { body: input }),
  });
}

/** The payment provider's billing portal (or the test billing page), back to Billing afterwards. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ url: string }>('/api/create-customer-portal-session', {
        body: { returnUrl: '/settings?tab=billing' },
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
