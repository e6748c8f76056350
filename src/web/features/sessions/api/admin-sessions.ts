import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSessionsResponse,
  Availability,
  AvailabilityResponse,
} from '../../../../shared/api/sessions.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useFreshSecondFactor } from '../../../lib/fresh-second-factor.tsx';

const adminSessionsKey = ['admin', 'sessions'] as const;
const availabilityKey = ['admin', 'sessions', 'availability'] as const;

export function useAvailability() {
  return useQuery({
    queryKey: availabilityKey,
    queryFn: ({ signal }) =>
      apiRequest<AvailabilityResponse>('/api/admin/sessions/availability', { signal }),
  });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (availability: Availability) =>
      apiRequest<AvailabilityResponse>('/api/admin/sessions/availability', {
        method: 'PUT',
        body: availability,
      }),
    onSuccess: (saved) => queryClient.setQueryData(availabilityKey, saved),
  });
}

export function useAdminSessions() {
  return useQuery({
    queryKey: adminSessionsKey,
    queryFn: ({ signal }) => apiRequest<AdminSessionsResponse>('/api/admin/sessions', { signal }),
  });
}

type SessionAction =
  { kind: 'link'; meetingUrl: string } | { kind: 'held' } | { kind: 'cancel'; reason: string };

export function useSessionAction(sessionId: string) {
  const queryClient = useQueryClient();
  const base = `/api/admin/sessions/${encodeURIComponent(sessionId)}`;
  const withFreshSecondFactor = useFreshSecondFactor();
  return useMutation({
    mutationFn: (action: SessionAction) => {
      if (action.kind === 'link') {
        return apiRequest(`${base}/meeting-link`, {
          method: 'PUT',
          body: { meetingUrl: action.meetingUrl },
        });
      }
      if (action.kind === 'held') return apiRequest(`${base}/held`, { method: 'POST' });
      return withFreshSecondFactor(() =>
        apiRequest(`${base}/cancel`, { body: { reason: action.reason } }),
      );
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminSessionsKey }),
  });
}
