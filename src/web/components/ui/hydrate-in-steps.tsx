import { Suspense, type ReactNode } from 'react';

/**
 * Part of a rendered page that React takes over after the rest, in a pass of its own that it
 * breaks into short steps: the page's first pass is one long task, and on a phone a long task is
 * a tap left waiting. The HTML stays as it came until then, so nothing moves or flashes. Only for
 * parts whose first render depends on the page's own data, not on who is signed in: those are
 * known when the page is rendered ahead of time, the session is not.
 */
export function HydrateInSteps({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
