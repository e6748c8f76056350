import type { FastifyRequest } from 'fastify';

/**
 * Reset and verification links carry their token in the path or the query, and a few pages and
 * searches an email address in the query: neither ever reaches a log, which outlives accounts.
 */
export function withoutTokens(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:token|email)=)[^&#]+/g, '$1[redacted]');
}

/** How a request appears in the log: Fastify's fields, with any token taken out of the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
