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
  type ReactNode,
} from 'react';
import {
  Link as WouterLink,
  matchRoute,
  Redirect,
  Route,
  Router as WouterRouter,
  useParams as useRouteParams,
  useSearchParams,
} from 'wouter';
import { parse as parsePattern } from 'regexparam';

export { useSearchParams };

/**
 * The app's router: wouter matches the routes, follows links, reads params and the query;
 * this module keeps the address, so that a navigation renders in a transition (docs/decisions/013),
 * and gives the names the pages use, which are React Router's.
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
const OutletContext = createContext<ReactNode>(null);

function useRouter(): Router {
  const router = use(RouterContext);
  if (!router) throw new Error('A router hook was used outside BrowserRouter or StaticRouter.');
  return router;
}

/** wouter's location hooks, over this module's address rather than its own store. */
const useWouterLocation = (): [string, NavigateFunction] => {
  const { location, navigate } = useRouter();
  return [location.pathname, navigate];
};
const useWouterSearch = (): string => useRouter().location.search;

/** wouter's router over `router`. */
function RouterFor({ router, children }: { router: Router; children: ReactNode }) {
  return (
    <RouterContext value={router}>
      <WouterRouter hook={useWouterLocation} searchHook={useWouterSearch}>
        {children}
      </WouterRouter>
    </RouterContext>
  );
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
 * at the element its `#hash` names), a replaced address keeps the scroll where it is. (wouter's
 * own address hook reads through `useSyncExternalStore`, whose updates React never renders in a
 * transition.)
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
  return <RouterFor router={router}>{children}</RouterFor>;
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
  return <RouterFor router={router}>{children}</RouterFor>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

export type Params = Readonly<Record<string, string | undefined>>;

/** The route's `:name` segments, decoded. */
export function useParams(): Params {
  const params = useRouteParams();
  return useMemo(() => decodeParams(params), [params]);
}

/** The named segments only: wouter also numbers them. */
function decodeParams(params: Params): Params {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([name]) => !/^\d+$/.test(name))
      .map(([name, value]) => [name, value && decodeSegment(value)]),
  );
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // A malformed escape is read as it was typed.
  }
}

/** A route of the table: a `path` to match, or none for a layout that frames its `children`. */
export interface RouteObject {
  path?: string;
  element?: ReactNode;
  children?: RouteObject[];
}

/** A page of the table, with the layouts around it and the element they make together. */
interface Branch {
  path: string;
  routes: RouteObject[];
  element: ReactNode;
}

const branchesOf = new WeakMap<RouteObject[], Branch[]>();

function branchesIn(routes: RouteObject[]): Branch[] {
  let branches = branchesOf.get(routes);
  if (!branches) {
    branches = flattenBranches(routes, []);
    branchesOf.set(routes, branches);
  }
  return branches;
}

function flattenBranches(routes: RouteObject[], parents: RouteObject[]): Branch[] {
  return routes.flatMap((route) => {
    const routesSoFar = [...parents, route];
    if (route.children) return flattenBranches(route.children, routesSoFar);
    const element = routesSoFar.reduceRight<ReactNode>(
      (outlet, { element }) => <OutletContext value={outlet}>{element ?? outlet}</OutletContext>,
      null,
    );
    return [{ path: route.path ?? '*', routes: routesSoFar, element }];
  });
}

/**
 * The first page of the table that `pathname` matches: without regard to case or a trailing
 * slash, `:name` taking one segment and `*` the rest (regexparam's patterns, as wouter's).
 */
function findBranch(routes: RouteObject[], pathname: string): Branch | undefined {
  return branchesIn(routes).find(({ path }) => matchRoute(parsePattern, path, pathname)[0]);
}

export interface RouteMatch {
  route: RouteObject;
  params: Params;
}

/** The routes `pathname` shows, from the outermost layout to the page, or null. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  for (const branch of branchesIn(routes)) {
    const [isMatch, params] = matchRoute(parsePattern, branch.path, pathname);
    if (isMatch) return branch.routes.map((route) => ({ route, params: decodeParams(params) }));
  }
  return null;
}

/**
 * The element of the route `routes` match, with its layouts around it (see `Outlet`). The same
 * element while the path stays: a context that changed would make React throw away the HTML of
 * any part of the page still waiting to hydrate.
 */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  return useMemo(() => {
    const branch = findBranch(routes, pathname);
    return branch && <Route path={branch.path}>{branch.element}</Route>;
  }, [routes, pathname]);
}

/** Where a layout route shows the route inside it. */
export function Outlet() {
  return use(OutletContext);
}

/** Goes to `to` once rendered. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  return <Redirect to={to} replace={replace} state={state} />;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/**
 * A link that changes the page without reloading it. A click meant for the browser (a new tab,
 * a modifier key) is left to the browser, and so is a link to another window or a download.
 */
export function Link({ to, replace, state, ...anchor }: LinkProps) {
  if ((anchor.target && anchor.target !== '_self') || anchor.download !== undefined) {
    return <a {...anchor} href={to} />;
  }
  return <WouterLink to={to} replace={replace} state={state} {...anchor} />;
}
