import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LessonCompletion,
  LessonPage,
  LessonParams,
} from '../../../../shared/api/learning.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { lessonPageQueryKey } from '../../../lib/signed-in-pages.ts';

export function useCompleteLesson(params: LessonParams) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<LessonCompletion>('/api/learning/lesson-completions', { body: params }),
    onSuccess: (completion) =>
      queryClient.setQueryData<LessonPage>(lessonPageQueryKey(params), (page) =>
        page ? { ...page, ...completion } : page,
      ),
  });
}
