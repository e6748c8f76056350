import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContentChange,
  ContentCourseListItem,
  CourseDraft,
  CreateCourseBody,
  PublishedVersion,
  SaveCourseDraftBody,
} from '../../../../shared/api/content.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const base = '/api/admin/content/courses';
const listKey = ['admin', 'content', 'courses'] as const;
const courseKey = (courseId: string) => [...listKey, courseId] as const;
const versionsKey = (courseId: string) => [...listKey, courseId, 'versions'] as const;
const changesKey = ['admin', 'content', 'changes'] as const;

export function useContentCourses() {
  return useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => apiRequest<{ courses: ContentCourseListItem[] }>(base, { signal }),
  });
}

export function useCourseDraft(courseId: string) {
  return useQuery({
    queryKey: courseKey(courseId),
    queryFn: ({ signal }) => apiRequest<CourseDraft>(`${base}/${courseId}`, { signal }),
  });
}

export function usePublishedVersions(courseId: string) {
  return useQuery({
    queryKey: versionsKey(courseId),
    queryFn: ({ signal }) =>
      apiRequest<{ versions: PublishedVersion[] }>(`${base}/${courseId}/versions`, { signal }),
  });
}

/** Who created, saved, published, restored or imported which course, and when: newest first. */
export function useContentChanges() {
  return useQuery({
    queryKey: changesKey,
    queryFn: ({ signal }) =>
      apiRequest<{ changes: ContentChange[] }>('/api/admin/content/changes', { signal }),
  });
}

/** After any change to a course: its draft, its versions, the list and the changes are read again. */
function useCourseMutation<Input>(courseId: string, send: (input: Input) => Promise<CourseDraft>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKey(courseId) }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: changesKey }),
      ]),
  });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCourseBody) => apiRequest<CourseDraft>(base, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey, exact: true }),
  });
}

/** Saves from the version the admin read; a 409 says who saved since, and nothing is overwritten. */
export function useSaveDraft(courseId: string) {
  return useCourseMutation(courseId, (body: SaveCourseDraftBody) =>
    apiRequest<CourseDraft>(`${base}/${courseId}`, { method: 'PUT', body }),
  );
}

export function usePublishCourse(courseId: string) {
  return useCourseMutation(courseId, (version: number) =>
    apiRequest<CourseDraft>(`${base}/${courseId}/publish`, { method: 'POST', body: { version } }),
  );
}

export function useRestoreVersion(courseId: string) {
  return useCourseMutation(courseId, (version: number) =>
    apiRequest<CourseDraft>(`${base}/${courseId}/versions/${version}/restore`, {
      method: 'POST',
      body: {},
    }),
  );
}
