import { useQuery } from '@tanstack/react-query';
import type { BusinessPrice, BusinessPriceRequest } from '../../../../shared/api/payments.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The price checkout will take from a business, once its country and VAT number are well formed
 * (the server prices it: reverse charge takes the VAT off). Until then it has none: the form's
 * checks, loaded with the first answer, tell a number still being typed from one to price.
 */
export function useBusinessPrice(request: BusinessPriceRequest | null) {
  return useQuery({
    queryKey: ['business-price', request],
    queryFn: async (): Promise<BusinessPrice | null> => {
      const { businessPriceRequestSchema } = await import('../form-checks.ts');
      if (!businessPriceRequestSchema.safeParse(request).success) return null;
      return apiRequest<BusinessPrice>('/api/checkout/business-price', { body: request! });
    },
    enabled: request !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
