import type { FastifyRequest } from 'fastify';

/** Reset and verification links carry their token in the path or the query: never in a log. */
export function withoutTokens(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&]token=)[^&#]+/g, '$1[redacted]');
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
