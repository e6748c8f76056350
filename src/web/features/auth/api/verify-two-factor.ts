import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

/** The second step of a sign-in with two-factor on: a code from the app, or a recovery code. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, isRecoveryCode }: { code: string; isRecoveryCode: boolean }) =>
      apiRequest(
        isRecoveryCode
          ? '/api/auth/two-factor/verify-backup-code'
          : '/api/auth/two-factor/verify-totp',
        { body: { code } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
