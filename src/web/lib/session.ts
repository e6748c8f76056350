import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../shared/api/auth.ts';
import { apiRequest } from './api-client.ts';
import { forgetSignedInData } from './browser-storage.ts';
import { paths } from './paths.ts';

export const sessionQueryKey = ['session'] as const;
export const sessionPath = '/api/session';

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => apiRequest<{ user: SessionUser | null }>(sessionPath, { signal }),
  staleTime: 60_000,
  select: (data) => data.user,
});

/** The signed-in user (null when signed out); re-checked when the tab becomes visible. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * Signs out, then loads the home page afresh: nothing of the signed-in session stays in memory,
 * and no guard sees the session vanish while the page it protects is still on screen. Reflection
 * drafts kept in this browser go too: the next person at this computer must not read them.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/sign-out', { body: {} }),
    onSettled: async () => {
      await forgetSignedInData();
      window.location.assign(paths.home);
    },
  });
}
