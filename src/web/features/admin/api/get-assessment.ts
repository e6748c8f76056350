import { useQuery } from '@tanstack/react-query';
import type { Assessment } from '../../../../shared/api/marketing.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useAssessment(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'assessment', id],
    queryFn: ({ signal }) =>
      apiRequest<Assessment>(`/api/admin/assessments/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });
}
