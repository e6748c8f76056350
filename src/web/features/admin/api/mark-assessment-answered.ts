import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assessment } from '../../../../shared/api/marketing.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { inboxQueryKey } from './inbox.ts';

export function useMarkAssessmentAnswered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answered }: { id: string; answered: boolean }) =>
      apiRequest<Assessment>(`/api/admin/assessments/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { answered },
      }),
    onSuccess: (assessment) => {
      queryClient.setQueryData(['admin', 'assessment', assessment.id], assessment);
      return queryClient.invalidateQueries({ queryKey: inboxQueryKey });
    },
  });
}
