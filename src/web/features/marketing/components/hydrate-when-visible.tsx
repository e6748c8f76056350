import {
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useIsHydrated } from '../../../lib/client-value.ts';
import type { LazyComponent } from '../../../lib/lazy-component.ts';

/**
 * Part of a rendered page whose code loads only when a visitor scrolls near it, so the page's
 * first download carries only what is on screen. Until then React leaves its HTML as it came (a
 * Suspense boundary that has not hydrated), and its controls stay disabled, as the whole page's
 * are until React takes over. A key press loads it too. After a navigation inside the app it is
 * shown at once.
 */
export function HydrateWhenVisible({ component: Component }: { component: LazyComponent }) {
  const isPageHydrated = useIsHydrated();
  // Waits only while the page hydrates; rendered ahead of time (no window), it renders in full.
  const [whenLoaded] = useState(() =>
    isPageHydrated || typeof window === 'undefined' ? undefined : promiseWithResolve(),
  );
  const [isInteractive, setInteractive] = useState(isPageHydrated);
  const box = useRef<HTMLDivElement>(null);

  // Listening from the commit that hydrates the page, not after it: a key pressed as soon as the
  // page answers must not be lost to the moment before the effects run.
  useLayoutEffect(() => {
    if (!whenLoaded || !box.current) return;
    const load = () => {
      observer.disconnect();
      window.removeEventListener('keydown', load, true);
      whenLoaded.resolve(Component.preload());
    };
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && load(),
      { rootMargin: '0px 0px 50% 0px' },
    );
    observer.observe(box.current);
    // A keyboard visitor could tab past disabled controls before they scroll into view.
    window.addEventListener('keydown', load, true);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', load, true);
    };
  }, [Component, whenLoaded]);

  // The same element on every render: a boundary given new props before it has hydrated
  // throws its HTML away and renders from scratch.
  const content = useMemo(
    () => (
      <Suspense fallback={null}>
        <AfterLoad whenLoaded={whenLoaded?.promise} onShown={setInteractive}>
          <Component />
        </AfterLoad>
      </Suspense>
    ),
    [Component, whenLoaded],
  );

  return (
    <div ref={box}>
      <fieldset disabled={!isInteractive} role="presentation" className="contents">
        {content}
      </fieldset>
    </div>
  );
}

function AfterLoad({
  whenLoaded,
  onShown,
  children,
}: {
  whenLoaded: Promise<unknown> | undefined;
  onShown: (isShown: true) => void;
  children: ReactNode;
}) {
  if (whenLoaded) use(whenLoaded);
  useEffect(() => onShown(true), [onShown]);
  return children;
}

function promiseWithResolve() {
  let resolve!: (value: Promise<unknown>) => void;
  const promise = new Promise<unknown>((settle) => (resolve = settle));
  return { promise, resolve };
}
