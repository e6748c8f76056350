import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAINTENANCE_RETRY_AFTER_SECONDS, settingsMessages } from '../../shared/rules/settings.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { errorBody } from '../http/errors.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { isApiRequest, pathnameOf } from '../http/request-path.ts';

/**
 * What stays open while the site rests, by the route the router matched (never by how the target
 * is spelt): the health probe, signing in (so that an admin can come in), the public settings,
 * Stripe's webhook (a payment made before still completes), the sign-in page and the built files
 * every page loads (the routes @fastify/static registers, which name their `file`).
 */
const openRoutes = new Set([
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
  '/api/metrics',
  '/api/settings',
  '/api/stripe/webhook',
  '/api/auth/*',
  '/login',
]);

function staysOpen(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined) return pathnameOf(request) === '/login';
  const config = request.routeOptions.config as { file?: unknown };
  return openRoutes.has(route) || typeof config.file === 'string';
}

/**
 * In maintenance mode, visitors and learners get a calm page (an API call gets 503 with
 * Retry-After); signed-in admins pass and see the site as it is. Costs nothing while off.
 */
export function restDuringMaintenance(app: FastifyInstance, contactEmail: string | undefined) {
  const page = maintenancePage(contactEmail);
  app.addHook('onRequest', (request, reply, done) => {
    if (!app.settings.current().maintenanceMode || staysOpen(request)) return done();
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
  if (isApiRequest(request)) {
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
