import { useQuery } from '@tanstack/react-query';
import type { Overview } from '../../../../shared/api/admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useOverview() {
  return useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => apiRequest<Overview>('/api/admin/overview', { signal }),
  });
}
