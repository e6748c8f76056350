import { useMutation } from '@tanstack/react-query';
import type { NewsletterSubscription } from '../../../../shared/api/marketing.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useSubscribeToNewsletter() {
  return useMutation({
    mutationFn: (input: NewsletterSubscription) =>
      apiRequest<{ subscribed: true }>('/api/newsletter', { body: input }),
  });
}
