import { useEffect } from 'react';

/**
 * Reflections written offline go out from any signed-in page: as it opens (after a reload, or the
 * next visit once the tab was closed) and whenever the browser is back online. The outbox's code
 * is loaded then, never by the public pages (decision 041).
 */
export function useSendReflectionOutbox(userId: string | undefined): void {
  useEffect(() => {
    if (!userId) return;
    const send = () => {
      import('../features/learning/api/reflection-outbox.ts')
        .then((outbox) => outbox.sendReflectionOutbox(userId))
        .catch(() => undefined);
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [userId]);
}
