import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useFreshSecondFactor } from '../../../lib/fresh-second-factor.tsx';
import { userDetailQueryKey } from './get-user-detail.ts';

/**
 * A change to one user's access from their admin view: afterwards the view (sources of access
 * and the access history) is read again, as are the beta programme's lists.
 */
function useUserAccessChange<Input extends { userId: string }, Output>(
  request: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async (_data, _error, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userDetailQueryKey(input.userId) }),
        queryClient.invalidateQueries({ queryKey: ['beta'] }),
      ]);
    },
  });
}

/** Ends a beta grant (the beta programme's deactivate). */
export function useRevokeBetaGrant() {
  return useUserAccessChange((input: { userId: string; grantId: string }) =>
    apiRequest(`/api/beta/grants/${encodeURIComponent(input.grantId)}/deactivate`, {
      method: 'POST',
    }),
  );
}

/** Takes a coming-soon course out of the user's bundle, so it does not open on release. */
export function useWithdrawIncludedOnRelease() {
  return useUserAccessChange((input: { userId: string; courseId: string }) =>
    apiRequest('/api/admin/included-on-release', { method: 'DELETE', body: input }),
  );
}

/** Spec 2 §5: clears every enrollment of the user, with a fresh second factor. */
export function useClearEnrollments() {
  const withFreshSecondFactor = useFreshSecondFactor();
  return useUserAccessChange((input: { userId: string }) =>
    withFreshSecondFactor(() =>
      apiRequest<{ revoked: number }>(
        `/api/admin/users/${encodeURIComponent(input.userId)}/enrollments`,
        { method: 'DELETE' },
      ),
    ),
  );
}

/** Paced release: opens a module early for this learner, recorded in their access history. */
export function useOpenModuleEarly() {
  return useUserAccessChange((input: { userId: string; courseId: string; moduleId: string }) =>
    apiRequest<{ opened: boolean }>(
      `/api/admin/users/${encodeURIComponent(input.userId)}/module-openings`,
      { method: 'POST', body: { courseId: input.courseId, moduleId: input.moduleId } },
    ),
  );
}

export function useWithdrawEarlyOpening() {
  return useUserAccessChange((input: { userId: string; courseId: string; moduleId: string }) =>
    apiRequest<{ withdrawn: boolean }>(
      `/api/admin/users/${encodeURIComponent(input.userId)}/module-openings`,
      { method: 'DELETE', body: { courseId: input.courseId, moduleId: input.moduleId } },
    ),
  );
}
