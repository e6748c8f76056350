import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  LessonPage,
  LessonParams,
  Reflection,
  SavedReflection,
} from '../../../../shared/api/learning.ts';
import type { ReflectionAction } from '../../../../shared/rules/reflection.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { lessonPageQueryKey } from '../../../lib/signed-in-pages.ts';

export interface ReflectionSave {
  promptId: string;
  response: string;
  action: ReflectionAction;
  /** The version the text was written on (decision 041). */
  basedOn: string | null;
  saveId: string;
}

/** Saves one reflection and keeps the lesson page's copy in step (Mark Complete reads it). */
export function useSaveReflection(params: LessonParams) {
  const keep = useKeepReflection(params);
  return useCallback(
    async (input: ReflectionSave): Promise<SavedReflection> => {
      const answer = await apiRequest<SavedReflection>('/api/learning/reflections', {
        method: 'PUT',
        body: { ...params, ...input },
      });
      keep(answer);
      return answer;
    },
    [params, keep],
  );
}

/** Puts what the server holds for a prompt in the lesson page's copy (a save, the outbox). */
export function useKeepReflection(params: LessonParams) {
  const queryClient = useQueryClient();
  return useCallback(
    ({ promptId, response, completed, updatedAt }: Reflection) => {
      const saved = { promptId, response, completed, updatedAt };
      queryClient.setQueryData<LessonPage>(lessonPageQueryKey(params), (page) =>
        page
          ? {
              ...page,
              reflections: [
                ...page.reflections.filter((entry) => entry.promptId !== promptId),
                saved,
              ],
            }
          : page,
      );
    },
    [params, queryClient],
  );
}
