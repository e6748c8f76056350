import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { matchRoutes, type Params, type RouteObject } from './match-routes.ts';

export { matchRoutes, type RouteObject } from './match-routes.ts';

/**
 * The app's router: the part of React Router's API this app uses, over the browser's history.
 * React Router was an eighth of the landing page's JavaScript budget (docs/decisions/013).
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean | undefined;
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

interface Router {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<Router | null>(null);
const RouteContext = createContext<{ params: Params; outlet: ReactNode }>({
  params: {},
  outlet: null,
});

function useRouter(): Router {
  const router = use(RouterContext);
  if (!router) throw new Error('A router hook was used outside BrowserRouter or StaticRouter.');
  return router;
}

function readBrowserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry: unknown = window.history.state;
  const state = entry && typeof entry === 'object' && 'state' in entry ? entry.state : null;
  return { pathname, search, hash, state };
}

/**
 * The browser's address as the router's location. A navigation renders in a transition, so the
 * page on screen stays until the next page's code has loaded; a new page starts at its top (or
 * at the element its `#hash` names), a replaced address keeps the scroll where it is.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readBrowserLocation);
  const isScrollDue = useRef(false);

  useEffect(() => {
    const followHistory = () =>
      startTransition(() => setLocation((shown) => keepIfSamePage(shown, readBrowserLocation())));
    window.addEventListener('popstate', followHistory);
    return () => window.removeEventListener('popstate', followHistory);
  }, []);

  useLayoutEffect(() => {
    if (!isScrollDue.current) return;
    isScrollDue.current = false;
    const target =
      location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location]);

  const navigate = useCallback<NavigateFunction>((to, { replace = false, state = null } = {}) => {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url);
      return;
    }
    const address = `${url.pathname}${url.search}${url.hash}`;
    const isSameAddress =
      address === `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (replace || isSameAddress) window.history.replaceState({ state }, '', address);
    else window.history.pushState({ state }, '', address);
    isScrollDue.current = !replace && !isSameAddress;
    startTransition(() => setLocation(readBrowserLocation()));
  }, []);

  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={router}>{children}</RouterContext>;
}

/**
 * A move to a `#fragment` within the page (a link to a section, or back from one) is the
 * browser's: it scrolls, and the page does not render again. Rendering would throw away the HTML
 * of any part of the page still waiting to hydrate (see `useRoutes`).
 */
function keepIfSamePage(shown: Location, next: Location): Location {
  const isSamePage =
    shown.pathname === next.pathname && shown.search === next.search && shown.state === next.state;
  return isSamePage ? shown : next;
}

const navigateOnServer: NavigateFunction = () => {
  throw new Error('A page rendered ahead of time cannot navigate.');
};

/** A fixed location, for pages rendered at build time. */
export function StaticRouter({
  location: url,
  children,
}: {
  location: string;
  children: ReactNode;
}) {
  const router = useMemo(() => {
    const { pathname, search, hash } = new URL(url, 'http://localhost');
    return { location: { pathname, search, hash, state: null }, navigate: navigateOnServer };
  }, [url]);
  return <RouterContext value={router}>{children}</RouterContext>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

export function useParams(): Params {
  return use(RouteContext).params;
}

type SearchParamsInit = URLSearchParams | Record<string, string>;

/** The address's query, and a setter that keeps the path and drops the `#hash`. */
export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { location, navigate } = useRouter();
  const searchParams = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setSearchParams = useCallback(
    (
      next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
      options?: NavigateOptions,
    ) => {
      const query = new URLSearchParams(
        typeof next === 'function' ? next(new URLSearchParams(searchParams)) : next,
      ).toString();
      navigate(query ? `${location.pathname}?${query}` : location.pathname, options);
    },
    [location.pathname, navigate, searchParams],
  );
  return [searchParams, setSearchParams];
}

/**
 * The element of the route `routes` match, with its layouts around it (see `Outlet`). The same
 * element while the path stays: a context that changed would make React throw away the HTML of
 * any part of the page still waiting to hydrate.
 */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  return useMemo(
    () =>
      (matchRoutes(routes, pathname) ?? []).reduceRight<ReactNode>(
        (outlet, { route, params }) => (
          <RouteContext value={{ params, outlet }}>{route.element ?? outlet}</RouteContext>
        ),
        null,
      ),
    [routes, pathname],
  );
}

/** Where a layout route shows the route inside it. */
export function Outlet() {
  return use(RouteContext).outlet;
}

/** Goes to `to` once rendered. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  const hasNavigated = useRef(false);
  useEffect(() => {
    if (hasNavigated.current) return;
    hasNavigated.current = true;
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/**
 * A link that changes the page without reloading it. A click meant for the browser (a new tab,
 * a download, a modifier key) is left to the browser.
 */
export function Link({ to, replace, state, onClick, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  const followLink = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event)) return;
    if (anchor.target && anchor.target !== '_self') return;
    if (anchor.download !== undefined) return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...anchor} href={to} onClick={followLink} />;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}
