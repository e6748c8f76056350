import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../../shared/api/dashboard.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const dashboardQueryKey = ['dashboard'] as const;

/** Every course with the learner's access and progress, their recent videos and achievements. */
export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardQueryKey,
  queryFn: ({ signal }) => apiRequest<Dashboard>('/api/dashboard', { signal }),
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
