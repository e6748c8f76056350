import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordSchema } from '../../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: ({ email }: z.output<typeof forgotPasswordSchema>) =>
      apiRequest('/api/auth/request-password-reset', {
        body: { email, redirectTo: `${window.location.origin}${paths.resetPassword}` },
      }),
  });
}
