import { useQuery } from '@tanstack/react-query';
import type { BundleOfferResponse } from '../../shared/api/payments.ts';
import { creditLine } from '../../shared/rules/pricing.ts';
import { apiRequest } from './api-client.ts';

/**
 * What the bundle costs the signed-in learner: its price less what they already paid for
 * courses in it, as the server will charge it (GET /api/checkout/bundle-offer). Off while signed out.
 */
export function useBundleOffer({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['me', 'bundle-offer'],
    queryFn: ({ signal }) =>
      apiRequest<BundleOfferResponse>('/api/checkout/bundle-offer', { signal }),
    enabled,
  });
}

/** The credit's words, "Already paid for Energy Sovereignty"; null without a credit. */
export function creditLabelOf(offer: BundleOfferResponse | undefined): string | null {
  if (!offer || offer.creditCents === 0) return null;
  return creditLine(offer.credits.map((credit) => credit.title));
}
