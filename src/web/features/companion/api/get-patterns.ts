import { useQuery } from '@tanstack/react-query';
import type { PatternsView } from '../../../../shared/api/companion.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const patternsQueryKey = (courseId: string) => ['companion', 'patterns', courseId];

/** Patterns seen across the learner's reflections, and their mood over time. */
export function usePatterns(courseId: string) {
  return useQuery({
    queryKey: patternsQueryKey(courseId),
    queryFn: ({ signal }) =>
      apiRequest<PatternsView>(`/api/companion/courses/${encodeURIComponent(courseId)}/patterns`, {
        signal,
      }),
    refetchOnWindowFocus: false,
  });
}
