import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorSetup } from '../../../../shared/api/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { settingsQueryKey } from '../../../lib/theme.ts';

/** Step one: the password gives an authenticator secret and recovery codes, not yet active. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<TwoFactorSetup>('/api/auth/two-factor/enable', { body: { password } }),
  });
}

/** Step two: a code from the app proves it is set up, and turns two-factor sign-in on. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest('/api/auth/two-factor/verify-totp', { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest('/api/auth/two-factor/disable', { body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}
