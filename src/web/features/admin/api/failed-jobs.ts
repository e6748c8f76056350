import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJobList } from '../../../../shared/api/jobs.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const failedJobsKey = ['admin', 'jobs', 'failed'] as const;

export function useFailedJobs() {
  return useQuery({
    queryKey: failedJobsKey,
    queryFn: ({ signal }) => apiRequest<FailedJobList>('/api/admin/jobs/failed', { signal }),
  });
}

/** Retry sends the job back to its queue; discard forgets it (and a mail's kept copy). */
export function useFailedJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'retry' | 'discard' }) =>
      action === 'retry'
        ? apiRequest(`/api/admin/jobs/failed/${id}/retry`, { method: 'POST' })
        : apiRequest(`/api/admin/jobs/failed/${id}`, { method: 'DELETE' }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: failedJobsKey });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] });
    },
  });
}
