import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AssessmentList } from '../../../../shared/api/marketing.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const assessmentsQueryKey = ['admin', 'assessments'] as const;

export function useAssessmentList(page: number) {
  return useQuery({
    queryKey: [...assessmentsQueryKey, page],
    queryFn: ({ signal }) =>
      apiRequest<AssessmentList>(`/api/admin/assessments?page=${page}&pageSize=20`, { signal }),
    placeholderData: keepPreviousData,
  });
}
