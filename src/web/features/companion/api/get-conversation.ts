import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '../../../../shared/api/companion.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const conversationQueryKey = (courseId: string) => ['companion', 'conversation', courseId];

/** The learner's stored conversation in this course. */
export function useConversation(courseId: string) {
  return useQuery({
    queryKey: conversationQueryKey(courseId),
    queryFn: ({ signal }) =>
      apiRequest<Conversation>(
        `/api/companion/courses/${encodeURIComponent(courseId)}/conversation`,
        { signal },
      ),
    refetchOnWindowFocus: false,
  });
}
