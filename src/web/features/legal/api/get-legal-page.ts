import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type LegalPage = 'terms' | 'privacy';

export const legalPageQueryKey = (page: LegalPage) => ['legal-page', page] as const;

export function useLegalPage(page: LegalPage) {
  return useQuery({
    queryKey: legalPageQueryKey(page),
    queryFn: ({ signal }) => apiRequest<{ markdown: string }>(`/api/pages/${page}`, { signal }),
    staleTime: Infinity,
  });
}
