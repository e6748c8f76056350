import { useCallback, useSyncExternalStore } from 'react';

function subscribeToScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** Whether the page is scrolled more than `pixels`; re-renders only when that answer changes. */
export function useIsScrolledPast(pixels: number): boolean {
  const isPast = useCallback(() => window.scrollY > pixels, [pixels]);
  // A page rendered at build time is at the top.
  return useSyncExternalStore(subscribeToScroll, isPast, () => false);
}
