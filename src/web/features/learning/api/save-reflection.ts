import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LessonPage, LessonParams, SavedReflection } from '../../../../shared/api/learning.ts';
import type { ReflectionAction } from '../../../../shared/rules/reflection.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { lessonPageQueryKey } from '../../../lib/signed-in-pages.ts';

export interface ReflectionSave {
  promptId: string;
  response: string;
  action: ReflectionAction;
}

/** Saves one reflection and keeps the lesson page's copy in step (Mark Complete reads it). */
export function useSaveReflection(params: LessonParams) {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: ReflectionSave): Promise<SavedReflection> => {
      const answer = await apiRequest<SavedReflection>('/api/learning/reflections', {
        method: 'PUT',
        body: { ...params, ...input },
      });
      const { isAtRisk, ...saved } = answer;
      queryClient.setQueryData<LessonPage>(lessonPageQueryKey(params), (page) =>
        page
          ? {
              ...page,
              reflections: [
                ...page.reflections.filter((entry) => entry.promptId !== saved.promptId),
                saved,
              ],
            }
          : page,
      );
      return { ...saved, isAtRisk };
    },
    [params, queryClient],
  );
}
