import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SubscriberList } from '../../../../shared/api/admin.ts';
import { apiDownload, apiRequest } from '../../../lib/api-client.ts';
import { useFreshSecondFactor } from '../../../lib/fresh-second-factor.tsx';

/** The CSV of every subscriber: an export of customers, so with a fresh second factor. */
export function useDownloadSubscribersCsv() {
  const withFreshSecondFactor = useFreshSecondFactor();
  return async () => {
    const csv = await withFreshSecondFactor(() => apiDownload('/api/admin/newsletter.csv'));
    const link = document.createElement('a');
    link.href = URL.createObjectURL(csv);
    link.download = 'newsletter-subscribers.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  };
}

export function useSubscriberList(page: number) {
  return useQuery({
    queryKey: ['admin', 'subscribers', page],
    queryFn: ({ signal }) =>
      apiRequest<SubscriberList>(`/api/admin/newsletter?page=${page}&pageSize=20`, { signal }),
    placeholderData: keepPreviousData,
  });
}
