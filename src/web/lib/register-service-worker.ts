import { whenPageIdle } from './when-page-idle.ts';

/**
 * Registers the service worker (vite.config.ts, decision 041) once the page has loaded and the
 * browser is idle, so it never competes with the first paint; a failure leaves the site as it was.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  whenPageIdle(() => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}
