import { useQuery } from '@tanstack/react-query';
import { dashboardQueryOptions } from '../../../lib/signed-in-pages.ts';

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
