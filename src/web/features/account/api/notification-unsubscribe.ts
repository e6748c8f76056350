import { useMutation } from '@tanstack/react-query';
import type { NotificationUnsubscribed } from '../../../../shared/api/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Turns off the switch a mail's unsubscribe link names: the signed token, no session needed. */
export function useNotificationUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<NotificationUnsubscribed>(
        `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        { body: {} },
      ),
  });
}
