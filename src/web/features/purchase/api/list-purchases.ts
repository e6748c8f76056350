import { useQuery } from '@tanstack/react-query';
import type { PurchasesResponse } from '../../../../shared/api/payments.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function usePurchases() {
  return useQuery({
    queryKey: ['me', 'purchases'],
    queryFn: ({ signal }) => apiRequest<PurchasesResponse>('/api/me/purchases', { signal }),
  });
}
