import { useQuery } from '@tanstack/react-query';
import type { MyBetaStatus } from '../../../../shared/api/beta.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const myBetaStatusQueryKey = ['beta', 'me'] as const;

export function useMyBetaStatus() {
  return useQuery({
    queryKey: myBetaStatusQueryKey,
    queryFn: ({ signal }) => apiRequest<MyBetaStatus>('/api/beta/me', { signal }),
  });
}
