import { useQuery } from '@tanstack/react-query';
import type { BetaAdminData } from '../../../../shared/api/beta.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const betaAdminQueryKey = ['beta', 'admin'] as const;

/** Codes, grants and invitations; admins only. */
export function useBetaAdminData() {
  return useQuery({
    queryKey: betaAdminQueryKey,
    queryFn: ({ signal }) => apiRequest<BetaAdminData>('/api/beta/admin', { signal }),
  });
}
