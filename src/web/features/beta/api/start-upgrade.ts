import { useMutation } from '@tanstack/react-query';
import type { CheckoutSessionResponse } from '../../../../shared/api/payments.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** upgradeFromBetaToPaid(courseIds, isBundle): a checkout for the courses or the bundle. */
export function useStartUpgrade() {
  return useMutation({
    mutationFn: ({ productIds, isBundle }: { productIds: string[]; isBundle: boolean }) =>
      apiRequest<CheckoutSessionResponse>('/api/create-checkout-session', {
        body: {
          lineItems: productIds.map((price) => ({ price, quantity: 1 })),
          mode: 'payment',
          metadata: {
            isBundle: String(isBundle),
            upgradeFromBeta: 'true',
            courseIds: productIds.join(','),
          },
        },
      }),
  });
}
