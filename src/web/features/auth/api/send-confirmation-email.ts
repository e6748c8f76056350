import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A new link that confirms the signed-in learner's address; the server says where it leads. */
export function useSendConfirmationEmail() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/api/auth/send-verification-email', { body: { email } }),
  });
}
