import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '../../../../shared/api/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

/** With two-factor on, the answer asks for the second step instead of starting a session. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
