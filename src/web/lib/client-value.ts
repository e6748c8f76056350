import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * A value only the browser knows (storage, hydration), read without an effect: `serverValue` in
 * the HTML rendered at build time and while React hydrates it, `read()` from then on. `read`
 * must return the same value each time it is called until it changes.
 */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(subscribeToNothing, read, () => serverValue);
}

const isInBrowser = () => true;

/** False in a page rendered at build time until React has taken it over; true from then on. */
export function useIsHydrated(): boolean {
  return useClientValue(isInBrowser, false);
}
