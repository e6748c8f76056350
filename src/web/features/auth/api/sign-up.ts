import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Creates the account and mails its confirmation link; it signs no one in. */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) => apiRequest('/api/auth/sign-up/email', { body: input }),
  });
}
