import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GrantEnrollmentsInput } from '../../../../shared/api/admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { userDetailQueryKey } from './get-user-detail.ts';

export function useGrantEnrollments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GrantEnrollmentsInput) =>
      apiRequest<{ granted: number }>('/api/admin/enrollments', { body: input }),
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: userDetailQueryKey(input.userId) }),
  });
}
