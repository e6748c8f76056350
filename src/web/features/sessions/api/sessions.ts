import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookSessionResponse,
  CancelOwnSessionResponse,
  LearnerSession,
  LearnerSessionsResponse,
  SlotsResponse,
} from '../../../../shared/api/sessions.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { viewerTimeZone } from '../session-time.ts';

const sessionsKey = ['sessions'] as const;
const slotsKey = ['sessions', 'slots'] as const;

export function useSlots() {
  return useQuery({
    queryKey: slotsKey,
    queryFn: ({ signal }) => apiRequest<SlotsResponse>('/api/sessions/slots', { signal }),
  });
}

export function useMySessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => apiRequest<LearnerSessionsResponse>('/api/sessions', { signal }),
  });
}

/** One session; once a minute, so Join opens on time. */
export function useLearnerSession(sessionId: string) {
  return useQuery({
    queryKey: [...sessionsKey, sessionId],
    queryFn: ({ signal }) =>
      apiRequest<LearnerSession>(`/api/sessions/${encodeURIComponent(sessionId)}`, { signal }),
    refetchInterval: 60_000,
  });
}

/** Holds the slot and goes to the checkout. */
export function useBookSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startsAt: string) =>
      apiRequest<BookSessionResponse>('/api/sessions/book', {
        body: { startsAt, timeZone: viewerTimeZone() },
      }),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
    onError: () => void queryClient.invalidateQueries({ queryKey: slotsKey }),
  });
}

export function useRescheduleSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startsAt: string) =>
      apiRequest<LearnerSession>(`/api/sessions/${encodeURIComponent(sessionId)}/reschedule`, {
        body: { startsAt },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useCancelSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<CancelOwnSessionResponse>(
        `/api/sessions/${encodeURIComponent(sessionId)}/cancel`,
        { method: 'POST' },
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** After paying: the server's own fulfilment (idempotent), then the session reads as booked. */
export function useConfirmSessionPayment(checkoutId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['session-checkout', checkoutId],
    queryFn: async () => {
      const result = await apiRequest<{ status: string }>('/api/checkout/confirm', {
        body: { checkoutId },
      });
      await queryClient.invalidateQueries({ queryKey: sessionsKey });
      return result;
    },
    enabled: checkoutId !== null,
    staleTime: Infinity,
    retry: false,
  });
}
