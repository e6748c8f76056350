import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Broadcast,
  BroadcastDraft,
  BroadcastPreview,
  ScheduleBroadcastInput,
} from '../../../../shared/api/broadcasts.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useFreshSecondFactor } from '../../../lib/fresh-second-factor.tsx';

const broadcastsKey = ['admin', 'broadcasts'];

/** The broadcasts, newest first; refreshed while one is going out, to show its counts. */
export function useBroadcasts() {
  return useQuery({
    queryKey: broadcastsKey,
    queryFn: ({ signal }) =>
      apiRequest<{ broadcasts: Broadcast[] }>('/api/admin/broadcasts', { signal }),
    refetchInterval: (query) =>
      query.state.data?.broadcasts.some((broadcast) =>
        ['scheduled', 'sending'].includes(broadcast.status),
      )
        ? 15_000
        : false,
  });
}

export function usePreviewBroadcast() {
  return useMutation({
    mutationFn: (draft: BroadcastDraft) =>
      apiRequest<BroadcastPreview>('/api/admin/broadcasts/preview', { body: draft }),
  });
}

export function useTestBroadcast() {
  return useMutation({
    mutationFn: (draft: BroadcastDraft) =>
      apiRequest<{ sentTo: string }>('/api/admin/broadcasts/test', { body: draft }),
  });
}

/** Scheduling a letter to many people asks for a fresh second factor. */
export function useScheduleBroadcast() {
  const queryClient = useQueryClient();
  const withFreshSecondFactor = useFreshSecondFactor();
  return useMutation({
    mutationFn: (input: ScheduleBroadcastInput) =>
      withFreshSecondFactor(() => apiRequest<Broadcast>('/api/admin/broadcasts', { body: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: broadcastsKey }),
  });
}

export function useCancelBroadcast() {
  const queryClient = useQueryClient();
  const withFreshSecondFactor = useFreshSecondFactor();
  return useMutation({
    mutationFn: (id: number) =>
      withFreshSecondFactor(() =>
        apiRequest<Broadcast>(`/api/admin/broadcasts/${id}`, { method: 'DELETE' }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: broadcastsKey }),
  });
}
