import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/api/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const profileQuery = queryOptions({
  queryKey: ['account', 'profile'],
  queryFn: ({ signal }) => apiRequest<Profile>('/api/account/profile', { signal }),
});

export function useProfile() {
  return useQuery(profileQuery);
}
