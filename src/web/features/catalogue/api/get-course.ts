import { useQuery } from '@tanstack/react-query';
import type { CourseOutline } from '../../../../shared/api/catalogue.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const courseQueryKey = (courseId: string) => ['course', courseId] as const;

/** A course's overview and outline, public: what its page shows. */
export function useCourse(courseId: string) {
  return useQuery({
    queryKey: courseQueryKey(courseId),
    queryFn: ({ signal }) =>
      apiRequest<CourseOutline>(`/api/courses/${encodeURIComponent(courseId)}`, { signal }),
    staleTime: 5 * 60_000,
  });
}
