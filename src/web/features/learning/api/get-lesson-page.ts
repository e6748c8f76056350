import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LessonPage, LessonParams } from '../../../../shared/api/learning.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const lessonPageQueryKey = ({ courseId, moduleId, lessonId }: LessonParams) =>
  ['lesson-page', courseId, moduleId, lessonId] as const;

/** The whole lesson viewer in one request: outline, lesson, the learner's reflections and progress. */
export function lessonPageQueryOptions(params: LessonParams) {
  return queryOptions({
    queryKey: lessonPageQueryKey(params),
    queryFn: ({ signal }) =>
      apiRequest<LessonPage>(
        `/api/learning/courses/${encodeURIComponent(params.courseId)}/modules/${encodeURIComponent(params.moduleId)}/lessons/${encodeURIComponent(params.lessonId)}`,
        { signal },
      ),
    // The reflection cards own their text once shown; a background refetch must not reset them.
    refetchOnWindowFocus: false,
  });
}

export function useLessonPage(params: LessonParams) {
  return useQuery(lessonPageQueryOptions(params));
}
