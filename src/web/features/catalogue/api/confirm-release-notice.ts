import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function useConfirmReleaseNotice() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ message: string }>('/api/release-notices/confirm', { body: { token } }),
  });
}
