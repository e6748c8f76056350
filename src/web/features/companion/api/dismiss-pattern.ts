import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { patternsQueryKey } from './get-patterns.ts';

/** The learner dismisses a pattern; it does not come back. */
export function useDismissPattern(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`/api/companion/patterns/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patternsQueryKey(courseId) }),
  });
}
