import { useQuery } from '@tanstack/react-query';
import type { LegalPage, LegalPageResponse } from '../../../../shared/api/marketing.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export type { LegalPage };

export const legalPageQueryKey = (page: LegalPage) => ['legal-page', page] as const;

export function useLegalPage(page: LegalPage) {
  return useQuery({
    queryKey: legalPageQueryKey(page),
    queryFn: ({ signal }) => apiRequest<LegalPageResponse>(`/api/pages/${page}`, { signal }),
    staleTime: Infinity,
  });
}
