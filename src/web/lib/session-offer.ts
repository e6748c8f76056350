import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionOffer } from '../../shared/api/sessions.ts';
import { formatEuros } from '../../shared/rules/pricing.ts';
import { apiRequest } from './api-client.ts';

const sessionOfferQueryOptions = queryOptions({
  queryKey: ['session-offer'] as const,
  queryFn: ({ signal }) => apiRequest<SessionOffer>('/api/sessions/offer', { signal }),
  staleTime: 5 * 60_000,
  // Not on sale (no hours or meeting link yet) is an answer, not a failure to retry.
  retry: false,
});

/** The one-to-one session for sale, read before signing in. */
export function useSessionOffer() {
  return useQuery(sessionOfferQueryOptions);
}

/** "60 minutes · €222". */
export function describeSessionOffer(offer: SessionOffer): string {
  return `${offer.sessionMinutes} minutes · ${formatEuros(offer.priceCents)}`;
}
