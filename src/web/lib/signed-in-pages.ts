import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '../../shared/api/dashboard.ts';
import type { LessonPage, LessonParams } from '../../shared/api/learning.ts';
import { apiRequest } from './api-client.ts';

// The data the signed-in pages opened from outside the app show first. It is defined here, not in
// their features, because the app asks for it at boot beside the session and the page's code
// (app/router.tsx, decision 044), and one small file keeps that off `/`'s budget.

/** A query a signed-in page shows first, and the API address that answers it. */
export interface FirstAnswer {
  queryKey: readonly unknown[];
  path: string;
}

export const dashboardQueryKey = ['dashboard'] as const;
const dashboardPath = '/api/dashboard';

/** Every course with the learner's access and progress, their recent videos and achievements. */
export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardQueryKey,
  queryFn: ({ signal }) => apiRequest<Dashboard>(dashboardPath, { signal }),
});

export const dashboardAnswer: FirstAnswer = { queryKey: dashboardQueryKey, path: dashboardPath };

export const lessonPageQueryKey = ({ courseId, moduleId, lessonId }: LessonParams) =>
  ['lesson-page', courseId, moduleId, lessonId] as const;

const lessonPagePath = ({ courseId, moduleId, lessonId }: LessonParams) =>
  `/api/learning/courses/${encodeURIComponent(courseId)}/modules/${encodeURIComponent(moduleId)}/lessons/${encodeURIComponent(lessonId)}`;

export const lessonPageAnswer = (params: LessonParams): FirstAnswer => ({
  queryKey: lessonPageQueryKey(params),
  path: lessonPagePath(params),
});

/** The whole lesson viewer in one request: outline, lesson, the learner's reflections and progress. */
export function lessonPageQueryOptions(params: LessonParams) {
  return queryOptions({
    queryKey: lessonPageQueryKey(params),
    queryFn: ({ signal }) => apiRequest<LessonPage>(lessonPagePath(params), { signal }),
    // The reflection cards own their text once shown; a background refetch must not reset them.
    refetchOnWindowFocus: false,
  });
}
