import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';

/** Better Auth's server API, called with the caller's own cookies; its new cookies are passed on. */
export function authCallFor(request: FastifyRequest, reply: FastifyReply) {
  const headers = fromNodeHeaders(request.headers);
  return {
    auth: request.server.auth.api,
    headers,
    passCookiesOn(responseHeaders: Headers) {
      const cookies = responseHeaders.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
    },
  };
}
export type AuthCall = ReturnType<typeof authCallFor>;

/** Better Auth's 'invalid password' answers with our field message; anything else goes on. */
export function asWrongPassword(field: string, message: string) {
  return (error: unknown): never => {
    const code = (error as { body?: { code?: string } }).body?.code;
    if (code === 'INVALID_PASSWORD')
      throw new AppError('bad_request', message, { [field]: message });
    throw error;
  };
}
