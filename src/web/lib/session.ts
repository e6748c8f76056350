import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../shared/api/auth.ts';
import { useNavigate } from 'react-router';
import { apiRequest } from './api-client.ts';
import { paths } from './paths.ts';

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => apiRequest<{ user: SessionUser | null }>('/api/session', { signal }),
  staleTime: 60_000,
  select: (data) => data.user,
});

/** The signed-in user (null when signed out); re-checked when the tab becomes visible. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** Signs out and lands on the home page (before the session clears, so no guard redirects first). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/sign-out', { body: {} }),
    // Whatever the server said, this browser is signed out: forget every cached answer.
    onSettled: async () => {
      await navigate(paths.home);
      queryClient.setQueryData(sessionQueryKey, { user: null });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    },
  });
}
