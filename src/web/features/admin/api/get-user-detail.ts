import { useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '../../../../shared/api/admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const userDetailQueryKey = (userId: string) => ['admin', 'user', userId] as const;

/** The user's details, enrollments and access audit trail. */
export function useUserDetail(userId: string | null) {
  return useQuery({
    queryKey: userDetailQueryKey(userId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(userId!)}`, { signal }),
    enabled: userId !== null,
  });
}
