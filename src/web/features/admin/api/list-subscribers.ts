import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SubscriberList } from '../../../../shared/api/admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useSubscriberList(page: number) {
  return useQuery({
    queryKey: ['admin', 'subscribers', page],
    queryFn: ({ signal }) =>
      apiRequest<SubscriberList>(`/api/admin/newsletter?page=${page}&pageSize=20`, { signal }),
    placeholderData: keepPreviousData,
  });
}
