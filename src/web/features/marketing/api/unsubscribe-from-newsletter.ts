import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function useUnsubscribeFromNewsletter() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ unsubscribed: true }>('/api/newsletter/unsubscribe', { body: { token } }),
  });
}
