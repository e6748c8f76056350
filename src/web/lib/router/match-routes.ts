import type { ReactNode } from 'react';

/** A route of the table: a `path` to match, or none for a layout that frames its `children`. */
export interface RouteObject {
  path?: string;
  element?: ReactNode;
  children?: RouteObject[];
}

export type Params = Readonly<Record<string, string | undefined>>;

export interface RouteMatch {
  route: RouteObject;
  params: Params;
}

interface Branch {
  routes: RouteObject[];
  segments: string[];
  score: number;
}

/**
 * The routes `pathname` shows, from the outermost layout to the page, or null. As in React
 * Router: segments match without regard to case, a trailing slash is ignored, `:name` takes one
 * segment and a final `*` the rest, and the most specific path wins whatever the order.
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const requested = splitPath(pathname);
  for (const branch of rankedBranches(routes)) {
    const params = matchSegments(branch.segments, requested);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}

const branchesOf = new WeakMap<RouteObject[], Branch[]>();

function rankedBranches(routes: RouteObject[]): Branch[] {
  let branches = branchesOf.get(routes);
  if (!branches) {
    // A stable sort: among equally specific paths, the table's order decides.
    branches = flattenBranches(routes, [], []).sort((a, b) => b.score - a.score);
    branchesOf.set(routes, branches);
  }
  return branches;
}

function flattenBranches(
  routes: RouteObject[],
  parents: RouteObject[],
  parentSegments: string[],
): Branch[] {
  return routes.flatMap((route) => {
    const routesSoFar = [...parents, route];
    const segments = [...parentSegments, ...splitPath(route.path ?? '')];
    if (route.children) return flattenBranches(route.children, routesSoFar, segments);
    return [{ routes: routesSoFar, segments, score: scoreSegments(segments) }];
  });
}

function scoreSegments(segments: string[]): number {
  return segments.reduce(
    (score, segment) => score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10),
    segments.length,
  );
}

function matchSegments(pattern: string[], requested: string[]): Params | null {
  const params: Record<string, string> = {};
  for (const [index, segment] of pattern.entries()) {
    if (segment === '*') {
      params['*'] = requested.slice(index).map(decodeSegment).join('/');
      return params;
    }
    const value = requested[index];
    if (value === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeSegment(value);
    else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return pattern.length === requested.length ? params : null;
}

function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // A malformed escape is matched as it was typed.
  }
}
