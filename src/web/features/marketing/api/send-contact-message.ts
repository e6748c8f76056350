import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '../../../../shared/api/marketing.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessageInput) =>
      apiRequest<{ id: string }>('/api/contact-messages', { body: input }),
  });
}
