import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxPage } from '../../../../shared/api/mail.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useOutbox(page: number) {
  return useQuery({
    queryKey: ['admin', 'outbox', page],
    queryFn: ({ signal }) => apiRequest<OutboxPage>(`/api/admin/outbox?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
