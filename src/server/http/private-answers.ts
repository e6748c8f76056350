import type { FastifyInstance } from 'fastify';

/** Answers of the API carry personal data unless a route says otherwise: never cached. */
export function keepApiAnswersPrivate(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
