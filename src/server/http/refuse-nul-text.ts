import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';
import { isApiRequest } from './request-path.ts';

const NUL = '\u0000';
export const NUL_TEXT_MESSAGE = 'Text may not contain the NUL character (\\u0000).';

/**
 * PostgreSQL text cannot hold NUL, so a request carrying one would fail deep in a query as a 500.
 * Refused once here, for every route, before validation and handlers see it.
 */
export function refuseNulText(app: FastifyInstance): void {
  app.addHook('preValidation', (request, reply, done) => {
    const isRefused =
      isApiRequest(request) &&
      (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body));
    if (isRefused) reply.status(400).send(errorBody('bad_request', NUL_TEXT_MESSAGE));
    else done();
  });
}

/** Walks without recursion: a deeply nested body must not overflow the stack. */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes(NUL)) return true;
    } else if (next !== null && typeof next === 'object' && !ArrayBuffer.isView(next)) {
      // Bytes (a signed event, an uploaded picture) hold no text, and walking each byte costs.
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes(NUL)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
