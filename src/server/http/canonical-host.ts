import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRequest } from './request-path.ts';

const PAGE_METHODS = new Set(['GET', 'HEAD']);

/**
 * A page opened at another address than APP_URL (127.0.0.1, a LAN address, a second name) is sent
 * to APP_URL, as Ghost and Discourse do: sign-in there would fail the origin check at the last
 * step. Only page reads move; the API (with /api/health for probes) answers at any address. The
 * visitor's Host is only compared, never copied into the redirect.
 */
export function redirectPagesToAppUrl(app: FastifyInstance, appUrl: string): void {
  const home = new URL(appUrl);
  app.addHook('onRequest', (request, reply, done) => {
    if (!isPageRead(request) || isAppHost(request.host, home)) {
      done();
      return;
    }
    void reply.redirect(`${home.origin}${pathOf(request.url)}`, 302);
  });
}

function isPageRead(request: FastifyRequest): boolean {
  return PAGE_METHODS.has(request.method) && !isApiRequest(request);
}

/** `Host` as the browser sent it (or the trusted proxy's X-Forwarded-Host), ports normalised. */
function isAppHost(host: string | undefined, home: URL): boolean {
  const candidate = `${home.protocol}//${host ?? ''}`;
  return URL.canParse(candidate) && new URL(candidate).host === home.host;
}

/** The path and query to keep; anything that is not a plain path lands on the home page. */
function pathOf(url: string): string {
  return url.startsWith('/') ? url : '/';
}
