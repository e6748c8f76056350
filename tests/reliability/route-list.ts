import type { FastifyInstance, RouteOptions } from 'fastify';

export interface ApiRoute {
  method: string;
  url: string;
  /** The route as registered; absent for Better Auth's endpoints, which share one route. */
  options?: RouteOptions;
}

interface AuthEndpoint {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
}

/**
 * Every API route of Fastify's table, and every endpoint Better Auth serves behind its one
 * wildcard route (`auth.api`, less its server-only calls), by method.
 */
export function listApiRoutes(app: FastifyInstance): ApiRoute[] {
  const appRoutes = app.routeTable
    .filter((route) => route.url.startsWith('/api/') && route.url !== '/api/auth/*')
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, url: route.url, options: route })),
    );
  const endpoints = Object.values(app.auth.api as unknown as Record<string, AuthEndpoint>);
  const authRoutes = endpoints
    .filter((endpoint) => endpoint.path && !endpoint.options?.metadata?.SERVER_ONLY)
    .flatMap((endpoint) =>
      [endpoint.options?.method ?? 'GET']
        .flat()
        .map((method) => ({ method, url: `/api/auth${endpoint.path}` })),
    );
  return [...appRoutes, ...authRoutes];
}
