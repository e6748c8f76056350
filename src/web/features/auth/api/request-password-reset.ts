import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordSchema } from '../../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: ({ email }: z.output<typeof forgotPasswordSchema>) =>
      // The server sets where the mailed link leads: the reset page (auth-request-rules.ts).
      apiRequest('/api/auth/request-password-reset', { body: { email } }),
  });
}
