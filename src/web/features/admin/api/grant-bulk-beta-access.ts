import { useMutation } from '@tanstack/react-query';
import type { BulkBetaGrantInput } from '../../../../shared/api/admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useGrantBulkBetaAccess() {
  return useMutation({
    mutationFn: (input: BulkBetaGrantInput) =>
      apiRequest<{ userCount: number; courseCount: number; notFound: string[] }>(
        '/api/admin/bulk-beta-grants',
        { body: input },
      ),
  });
}
