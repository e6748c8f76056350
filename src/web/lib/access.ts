import { useQuery } from '@tanstack/react-query';
import type { MyAccessResponse } from '../../shared/api/access.ts';
import { apiRequest } from './api-client.ts';

export const myAccessQueryKey = ['me', 'access'] as const;

/** The signed-in learner's access per course (GET /api/me/access); off while signed out. */
export function useMyAccess({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: myAccessQueryKey,
    queryFn: ({ signal }) => apiRequest<MyAccessResponse>('/api/me/access', { signal }),
    enabled,
  });
}
