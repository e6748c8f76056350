import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxMail } from '../../../../shared/api/mail.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** One kept mail whole, links included: with a fresh code, recorded in the learner's history. */
export function useRevealOutboxMail(mailId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<OutboxMail>(`/api/admin/outbox/${mailId}/reveal`, { body: { code } }),
    // The reveal is in the learner's account history the admin may open next.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'user'] }),
  });
}
