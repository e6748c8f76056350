import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toContractError } from './contract-error.ts';
import { getSessionUser } from './session-user.ts';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';

/**
 * Better Auth's endpoints, passed on as they came: the rules of each door are Better Auth's own
 * `hooks.before` (auth-request-rules.ts), keyed by the path it routes on, so no spelling of the
 * URL (a `#fragment`, a doubled slash) reaches an endpoint without them.
 */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: Auth }) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // Account forms carry a few short fields.
    bodyLimit: 16 * 1024,
    handler: async (request, reply) => {
      const response = await auth.handler(toWebRequest(request));
      return sendWebResponse(reply, response, app.config.appUrl);
    },
  });

  app.get('/api/session', async (request, reply) => {
    return { user: await getSessionUser(request, reply) };
  });
}

function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // Behind the mount Better Auth would see one shared address; it gets the real client's.
  headers.set(CLIENT_IP_HEADER, request.ip);
  const body = request.method === 'GET' ? undefined : request.body;
  if (body !== undefined) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), {
    method: request.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response, appUrl: string) {
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status < 400) {
    return reply.status(response.status).send(text ? withoutSessionToken(text) : null);
  }
  const { status, body } = toContractError(response.status, text, appUrl);
  return reply.status(status).header('content-type', 'application/json').send(body);
}

/**
 * The session token lives in its HttpOnly cookie only: no script may read it from an answer, a
 * list of sessions (list-sessions) included.
 */
function withoutSessionToken(text: string): string {
  if (!text.startsWith('{') && !text.startsWith('[')) return text;
  type Answer = { token?: unknown; session?: { token?: unknown } | null } | null;
  const body = JSON.parse(text) as Answer | Answer[];
  for (const answer of [body].flat()) {
    if (!answer || typeof answer !== 'object') continue;
    delete answer.token;
    if (answer.session) delete answer.session.token;
  }
  return JSON.stringify(body);
}
