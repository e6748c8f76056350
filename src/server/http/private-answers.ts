import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './request-path.ts';

/** Answers of the API carry personal data unless a route says otherwise: never cached. */
export function keepApiAnswersPrivate(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
