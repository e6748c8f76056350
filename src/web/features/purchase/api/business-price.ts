import { useQuery } from '@tanstack/react-query';
import {
  businessPriceRequestSchema,
  type BusinessPrice,
  type BusinessPriceRequest,
} from '../../../../shared/api/payments.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The price checkout will take from a business, once its country and VAT number are well formed
 * (the server prices it: reverse charge takes the VAT off).
 */
export function useBusinessPrice(request: BusinessPriceRequest | null) {
  const isComplete = request !== null && businessPriceRequestSchema.safeParse(request).success;
  return useQuery({
    queryKey: ['business-price', request],
    queryFn: () => apiRequest<BusinessPrice>('/api/checkout/business-price', { body: request! }),
    enabled: isComplete,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
