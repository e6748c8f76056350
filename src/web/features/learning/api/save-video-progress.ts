import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LessonPage, LessonParams, VideoProgress } from '../../../../shared/api/learning.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { lessonPageQueryKey } from '../../../lib/signed-in-pages.ts';

/** Records the first play and the watch position; a watched video shows at once in the list. */
export function useVideoProgressCalls(params: LessonParams) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const remember = (progress: VideoProgress) =>
      queryClient.setQueryData<LessonPage>(lessonPageQueryKey(params), (page) =>
        page
          ? {
              ...page,
              videoProgress: progress,
              watchedLessonIds:
                progress.watched && !page.watchedLessonIds.includes(params.lessonId)
                  ? [...page.watchedLessonIds, params.lessonId]
                  : page.watchedLessonIds,
            }
          : page,
      );
    return {
      start: () =>
        apiRequest<VideoProgress>('/api/learning/video-progress/start', { body: params }).then(
          remember,
        ),
      save: (positionSeconds: number, durationSeconds: number, keepalive = false) =>
        apiRequest<VideoProgress>('/api/learning/video-progress', {
          method: 'PUT',
          body: { ...params, positionSeconds, durationSeconds },
          keepalive,
        }).then(remember),
    };
  }, [params, queryClient]);
}
