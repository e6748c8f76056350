import { useQuery } from '@tanstack/react-query';
import type { LessonParams, PreviewLesson } from '../../../../shared/api/learning.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** A free preview lesson, for a visitor without an account. */
export function usePreviewLesson(params: LessonParams) {
  return useQuery({
    queryKey: ['preview-lesson', params.courseId, params.moduleId, params.lessonId],
    queryFn: ({ signal }) =>
      apiRequest<PreviewLesson>(
        `/api/learning/previews/courses/${encodeURIComponent(params.courseId)}/modules/${encodeURIComponent(params.moduleId)}/lessons/${encodeURIComponent(params.lessonId)}`,
        { signal },
      ),
    refetchOnWindowFocus: false,
  });
}
