import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import path from 'node:path';
import { MAINTENANCE_RETRY_AFTER_SECONDS, settingsMessages } from '../../shared/rules/settings.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { errorBody } from '../http/errors.ts';
import { escapeHtml } from '../http/escape-html.ts';

/**
 * What stays open while the site rests: the health probe, signing in (so that an admin can come
 * in), the public settings, Stripe's webhook (a payment made before still completes), the sign-in
 * page and the files every page loads.
 */
const openPaths = [
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
  '/api/metrics',
  '/api/settings',
  '/api/stripe/webhook',
  '/login',
];
const openPrefixes = ['/api/auth/'];

function staysOpen(url: string): boolean {
  const pathname = url.split('?', 1)[0]!;
  if (openPaths.includes(pathname)) return true;
  if (openPrefixes.some((prefix) => pathname.startsWith(prefix))) return true;
  return path.extname(pathname) !== '';
}

/**
 * In maintenance mode, visitors and learners get a calm page (an API call gets 503 with
 * Retry-After); signed-in admins pass and see the site as it is. Costs nothing while off.
 */
export function restDuringMaintenance(app: FastifyInstance, contactEmail: string | undefined) {
  const page = maintenancePage(contactEmail);
  app.addHook('onRequest', (request, reply, done) => {
    if (!app.settings.current().maintenanceMode || staysOpen(request.url)) return done();
    app.sessions.readUser(request, reply).then(
      (user) => {
        if (user?.role === 'admin') return done();
        answerResting(request, reply, page);
      },
      (error: unknown) => done(error as Error),
    );
  });
}

function answerResting(request: FastifyRequest, reply: FastifyReply, page: string) {
  reply.status(503).header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS));
  if (request.url.startsWith('/api/')) {
    void reply.send(errorBody('unavailable', settingsMessages.maintenance));
    return;
  }
  void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}

function maintenancePage(contactEmail: string | undefined): string {
  const contact = contactEmail
    ? `<p>To reach us in the meantime, write to <a href="mailto:${escapeHtml(contactEmail)}">${escapeHtml(contactEmail)}</a>.</p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Resting for maintenance | ${PRODUCT_NAME}</title>
<style>
  :root { color-scheme: light dark; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem;
         font-family: Georgia, 'Times New Roman', serif; background: #fbf7f0; color: #2b2118; }
  main { max-width: 34rem; text-align: center; line-height: 1.6; }
  h1 { font-size: 2rem; font-weight: normal; margin: 0 0 1rem; }
  a { color: #8a3b12; }
  @media (prefers-color-scheme: dark) {
    body { background: #1c1712; color: #f3ece2; }
    a { color: #f0b27a; }
  }
</style>
</head>
<body>
<main>
<h1>${PRODUCT_NAME}</h1>
<p>${escapeHtml(settingsMessages.maintenance)}</p>
${contact}
<p><a href="/login">Admin sign in</a></p>
</main>
</body>
</html>
`;
}
