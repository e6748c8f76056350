import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';

/**
 * Helmet's security headers on every answer. They depend on the options alone, yet
 * @fastify/helmet builds Helmet's middleware again for every request, parsing the whole content
 * security policy each time (measured: a fifth of the app's CPU time on /api/me/purchases). So
 * Helmet answers one request at start, and every request then gets the headers it set, on the raw
 * response as Helmet sets them (a hijacked reply, the companion's stream, carries them too).
 */
export async function setSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const headers = Object.entries(await headersSetByHelmet(options));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value!);
    done();
  });
}

async function headersSetByHelmet(options: FastifyHelmetOptions): Promise<OutgoingHttpHeaders> {
  const probe = Fastify();
  await probe.register(helmet, options);
  let headers: OutgoingHttpHeaders = {};
  // Runs after Helmet's own hooks, before anything else could set a header.
  probe.addHook('onRequest', async (_request, reply) => {
    headers = reply.raw.getHeaders();
  });
  probe.get('/', async () => '');
  await probe.inject('/');
  await probe.close();
  return headers;
}
