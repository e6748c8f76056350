/**
 * Runs `work` once the page has loaded and the browser is idle, so that it never competes with
 * the page's first paint. The answer cancels it, if it has not run yet.
 */
export function whenPageIdle(work: () => void): () => void {
  let cancelled = false;
  const schedule = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(() => {
      if (!cancelled) work();
    });
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
  };
}
