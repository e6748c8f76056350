import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

export const FRAGMENT_MESSAGE = 'A request address cannot contain "#".';

/**
 * A browser never sends a fragment, and Fastify's router ignores one, so `/api/dashboard#.js`
 * runs `/api/dashboard` while a check reading the raw target sees a file. One rule at the edge,
 * before any other hook reads the URL: a target holding `#` is refused.
 */
export function refuseUrlFragments(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.includes('#')) {
      done();
      return;
    }
    void reply
      .status(400)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(errorBody('bad_request', FRAGMENT_MESSAGE));
  });
}
