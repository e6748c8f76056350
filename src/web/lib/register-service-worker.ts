/**
 * Registers the service worker (vite.config.ts, decision 041) once the page has loaded and the
 * browser is idle, so it never competes with the first paint; a failure leaves the site as it was.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(() => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
