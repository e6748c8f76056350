import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { isApiRequest } from './request-path.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Stripe signs its calls; it sends no browser headers and no cookie. */
const SIGNED_ROUTES = new Set(['/api/stripe/webhook']);

/**
 * One check for every write to the API: a browser's request from another site is refused before
 * any route sees it, so a session cookie cannot be ridden. Browsers say where a request comes
 * from (`Sec-Fetch-Site`, else `Origin`); a caller sending neither is not a browser carrying a
 * victim's cookie. The same rule as Go's CrossOriginProtection.
 */
export function refuseCrossSiteWrites(app: FastifyInstance, appUrl: string): void {
  const appOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    const isRefused = isCrossSiteWrite(request, appOrigin);
    done(
      isRefused
        ? new AppError('forbidden', 'Requests from other sites are not accepted.')
        : undefined,
    );
  });
}

function isCrossSiteWrite(request: FastifyRequest, appOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return false;
  if (SIGNED_ROUTES.has(request.routeOptions.url ?? '')) return false;
  return isCrossSite(request, appOrigin);
}

function isCrossSite(request: FastifyRequest, appOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  return origin !== undefined && origin !== appOrigin;
}
