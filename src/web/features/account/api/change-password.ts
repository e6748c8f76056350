import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '../../../../shared/api/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest('/api/account/password', { body: input }),
  });
}
