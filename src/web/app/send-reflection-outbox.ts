import { useEffect } from 'react';
import { whenPageIdle } from '../lib/when-page-idle.ts';

/**
 * Reflections written offline go out from any signed-in page: once it has opened and the browser
 * is idle (after a reload, or the next visit once the tab was closed; opening the outbox's
 * database is a long task on a phone, so it waits for the page's first paint) and whenever the
 * browser is back online. The outbox's code is loaded then, never by the public pages (decision
 * 041).
 */
export function useSendReflectionOutbox(userId: string | undefined): void {
  useEffect(() => {
    if (!userId) return;
    const send = () => {
      import('../features/learning/api/reflection-outbox.ts')
        .then((outbox) => outbox.sendReflectionOutbox(userId))
        .catch(() => undefined);
    };
    const cancel = whenPageIdle(send);
    window.addEventListener('online', send);
    return () => {
      cancel();
      window.removeEventListener('online', send);
    };
  }, [userId]);
}
