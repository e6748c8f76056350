import type { FastifyRequest } from 'fastify';

/**
 * The path of the request target, as the router reads it: without the query (a fragment never
 * gets this far, see refuse-url-fragments.ts). Checks that look at a path use this or the matched
 * route (`request.routeOptions.url`), never the raw `request.url`.
 */
export function pathnameOf(request: FastifyRequest): string {
  return request.url.split(/[?#]/, 1)[0]!;
}

/**
 * Whether the target names the API however it is spelt (`/api%2F…`, `//api/…`, `/x/../api/…`):
 * such a target never gets the web app's shell.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const pathname = pathnameOf(request);
  if (pathname.startsWith('/api/')) return true;
  if (!/%|\/\/|\.|\\/.test(pathname)) return false;
  const spelt = pathname
    .replace(/%2f/gi, '/')
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/');
  return new URL(spelt, 'http://localhost').pathname.startsWith('/api/');
}
