import { useMutation } from '@tanstack/react-query';
import { notify } from '../../../lib/notify.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The payment provider's billing portal for the signed-in customer; back to `returnPath`
 * afterwards, or to the page it was opened from.
 */
export function useOpenCustomerPortal(returnPath?: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ url: string }>('/api/create-customer-portal-session', {
        body: { returnUrl: returnPath ?? `${window.location.pathname}${window.location.search}` },
      }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => notify.site.error('Failed to open customer portal. Please try again.'),
  });
}
