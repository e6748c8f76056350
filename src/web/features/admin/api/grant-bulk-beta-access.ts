import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkBetaGrantInput, BulkBetaGrantResponse } from '../../../../shared/api/admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useGrantBulkBetaAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkBetaGrantInput) =>
      apiRequest<BulkBetaGrantResponse>('/api/admin/bulk-beta-grants', { body: input }),
    // The user in view may be among them: their grants and access history change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'user'] }),
  });
}
