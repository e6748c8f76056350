import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Inbox, InboxItem, InboxState } from '../../../../shared/api/inbox.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useFreshSecondFactor } from '../../../lib/fresh-second-factor.tsx';

export const inboxQueryKey = ['admin', 'inbox'] as const;

/** The creator's Inbox, all of it or the items in one state. */
export function useInbox(state: InboxState | 'all') {
  return useQuery({
    queryKey: [...inboxQueryKey, state],
    queryFn: ({ signal }) =>
      apiRequest<Inbox>(state === 'all' ? '/api/admin/inbox' : `/api/admin/inbox?state=${state}`, {
        signal,
      }),
  });
}

type InboxAction =
  { kind: 'state'; state: InboxState } | { kind: 'refund' } | { kind: 'decline'; reason: string };

/** Moves an item, or answers a refund request (Refund and Decline ask for a fresh code). */
export function useInboxAction(item: Pick<InboxItem, 'kind' | 'id'>) {
  const queryClient = useQueryClient();
  const withFreshSecondFactor = useFreshSecondFactor();
  return useMutation({
    mutationFn: (action: InboxAction) => {
      const id = encodeURIComponent(item.id);
      if (action.kind === 'state') {
        return apiRequest<InboxItem>(`/api/admin/inbox/${item.kind}/${id}`, {
          method: 'PATCH',
          body: { state: action.state },
        });
      }
      const base = `/api/admin/refund-requests/${id}`;
      return withFreshSecondFactor(() =>
        action.kind === 'refund'
          ? apiRequest<InboxItem>(`${base}/refund`, { method: 'POST' })
          : apiRequest<InboxItem>(`${base}/decline`, { body: { reason: action.reason } }),
      );
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] }),
      ]),
  });
}
