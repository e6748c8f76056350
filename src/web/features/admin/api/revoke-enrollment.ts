import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { userDetailQueryKey } from './get-user-detail.ts';

export function useRevokeEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; courseId: string }) =>
      apiRequest<{ revoked: number }>('/api/admin/enrollments', { method: 'DELETE', body: input }),
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: userDetailQueryKey(input.userId) }),
  });
}
