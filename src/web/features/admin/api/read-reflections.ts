import { useQuery } from '@tanstack/react-query';
import type { UserReflections } from '../../../../shared/api/admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Each read is recorded on the server and shown to the learner in their data export. */
export function useUserReflections(userId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'reflections', userId],
    queryFn: ({ signal }) =>
      apiRequest<UserReflections>(`/api/admin/users/${encodeURIComponent(userId)}/reflections`, {
        signal,
      }),
    enabled: isEnabled,
    staleTime: Infinity,
  });
}
