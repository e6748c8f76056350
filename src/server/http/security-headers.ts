import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { isApiRequest } from './request-path.ts';

/**
 * What an answer of the API needs, as OWASP's REST security sheet puts it: it runs no script and
 * loads nothing, so its policy allows nothing, and no page may frame it. The pages' full policy
 * (about a kilobyte) would only make every answer heavier.
 */
/**
 * The browser features a page may use: the Vimeo player's (autoplay, full screen, picture in
 * picture), and none of the sensors, devices or payment APIs, for us or any frame. Only features
 * Chromium knows: an unknown one (such as `bluetooth`) is a console warning on every page.
 */
export const permissionsPolicy = [
  ...['autoplay', 'fullscreen', 'picture-in-picture'].map(
    (feature) => `${feature}=(self "https://player.vimeo.com")`,
  ),
  ...[
    'accelerometer',
    'browsing-topics',
    'camera',
    'display-capture',
    'geolocation',
    'gyroscope',
    'hid',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'serial',
    'usb',
  ].map((feature) => `${feature}=()`),
].join(', ');

const apiHeaders: OutgoingHttpHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'permissions-policy': permissionsPolicy,
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/**
 * Security headers on every answer: Helmet's for the pages, `apiHeaders` for the API. Helmet's
 * depend on the options alone, yet @fastify/helmet builds Helmet's middleware again for every
 * request, parsing the whole content security policy each time (measured: a fifth of the app's
 * CPU time on /api/me/purchases). So Helmet answers one request at start, and every request then
 * gets the headers it set, on the raw response as Helmet sets them (a hijacked reply, the
 * companion's stream, carries them too).
 */
export async function setSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions,
): Promise<void> {
  const pageHeaders = Object.entries({
    ...(await headersSetByHelmet(options)),
    'permissions-policy': permissionsPolicy,
  });
  const apiHeaderEntries = Object.entries(apiHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    const headers = isApiRequest(request) ? apiHeaderEntries : pageHeaders;
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
