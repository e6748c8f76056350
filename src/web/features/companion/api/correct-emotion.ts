import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CorrectEmotionInput } from '../../../../shared/api/companion.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { patternsQueryKey } from './get-patterns.ts';

/** The learner's own reading of a reflection, or "this reading is wrong"; the chart refetches. */
export function useCorrectEmotion(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: CorrectEmotionInput & { id: string }) =>
      apiRequest<null>(`/api/companion/emotions/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patternsQueryKey(courseId) }),
  });
}
