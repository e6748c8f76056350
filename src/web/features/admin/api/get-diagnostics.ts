import { useQuery } from '@tanstack/react-query';
import type { Diagnostics } from '../../../../shared/api/admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useDiagnostics() {
  return useQuery({
    queryKey: ['admin', 'diagnostics'],
    queryFn: ({ signal }) => apiRequest<Diagnostics>('/api/admin/diagnostics', { signal }),
  });
}
