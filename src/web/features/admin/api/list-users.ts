import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserList } from '../../../../shared/api/admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const USERS_PAGE_SIZE = 20;

/** Users newest first, or those whose email or name contains `search`, a page at a time. */
export function useUserList(search: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'users', search, page],
    queryFn: ({ signal }) =>
      apiRequest<UserList>(
        `/api/admin/users?${new URLSearchParams({
          search,
          page: String(page),
          pageSize: String(USERS_PAGE_SIZE),
        })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
