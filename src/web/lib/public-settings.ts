import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../shared/api/settings.ts';
import { apiRequest } from './api-client.ts';

/** Which features the site's admin has on (spec 2 §3); read when a feature is about to show. */
export function usePublicSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => apiRequest<PublicSettings>('/api/settings', { signal }),
    staleTime: 60_000,
  });
}
