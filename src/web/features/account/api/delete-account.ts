import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '../../../../shared/api/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetSignedInData } from '../../../lib/browser-storage.ts';
import { accountDeletedPath } from '../../../lib/paths.ts';

/** Deletes the account, forgets what this browser kept of it, and starts afresh at home. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => apiRequest('/api/account/delete', { body: input }),
    onSuccess: async () => {
      await forgetSignedInData();
      window.location.assign(accountDeletedPath);
    },
  });
}
