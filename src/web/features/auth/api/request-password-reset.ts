import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/api/auth/request-password-reset', {
        body: { email, redirectTo: `${window.location.origin}${paths.resetPassword}` },
      }),
  });
}
