import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '../../../../shared/api/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';
import { profileQuery } from './get-profile.ts';

/** Saves profile fields; the name also changes the session's first and last name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateProfileInput) =>
      apiRequest<Profile>('/api/account/profile', { method: 'PATCH', body: patch }),
    onSuccess: (profile, patch) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      if (patch.fullName !== undefined) {
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    },
  });
}
