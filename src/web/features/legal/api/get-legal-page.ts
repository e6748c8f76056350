import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type LegalPage = 'terms' | 'privacy';

export function useLegalPage(page: LegalPage) {
  return useQuery({
    queryKey: ['legal-page', page],
    queryFn: ({ signal }) => apiRequest<{ markdown: string }>(`/api/pages/${page}`, { signal }),
    staleTime: Infinity,
  });
}
