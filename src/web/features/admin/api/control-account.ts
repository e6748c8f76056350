import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useFreshSecondFactor } from '../../../lib/fresh-second-factor.tsx';
import { userDetailQueryKey } from './get-user-detail.ts';

const accountUrl = (userId: string, action: string) =>
  `/api/admin/users/${encodeURIComponent(userId)}/${action}`;

/** Signs the user out on every device. */
export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<{ ok: true }>(accountUrl(userId, 'sessions'), { method: 'DELETE' }),
    onSettled: (_data, _error, userId) =>
      queryClient.invalidateQueries({ queryKey: userDetailQueryKey(userId) }),
  });
}

/** Disables an account (signed out, no sign-in; a fresh second factor) or enables it again. */
export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  const withFreshSecondFactor = useFreshSecondFactor();
  return useMutation({
    mutationFn: ({ userId, isDisabled }: { userId: string; isDisabled: boolean }) =>
      withFreshSecondFactor(() =>
        apiRequest<{ ok: true }>(accountUrl(userId, isDisabled ? 'disable' : 'enable'), {
          body: {},
        }),
      ),
    onSettled: (_data, _error, { userId }) =>
      queryClient.invalidateQueries({ queryKey: userDetailQueryKey(userId) }),
  });
}
