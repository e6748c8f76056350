import type { FastifyRequest } from 'fastify';

/**
 * The path of the request target, as the router reads it: without the query (a fragment never
 * gets this far, see refuse-url-fragments.ts). Checks that look at a path use this or the matched
 * route (`request.routeOptions.url`), never the raw `request.url`.
 */
export function pathnameOf(request: FastifyRequest): string {
  return request.url.split(/[?#]/, 1)[0]!;
}

export function isApiRequest(request: FastifyRequest): boolean {
  return pathnameOf(request).startsWith('/api/');
}
