import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from '../auth/auth.ts';
import { AppError } from '../http/errors.ts';

/** Better Auth's server API, called with the caller's own cookies; its new cookies are passed on. */
export function authCallFor(request: FastifyRequest, reply: FastifyReply) {
  const headers = fromNodeHeaders(request.headers);
  // As at the mount: Better Auth records the real client address, never one the client names.
  headers.set(CLIENT_IP_HEADER, request.ip);
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

/**
 * Better Auth's 'invalid password' answers with our field message; a field its rules refused
 * (auth-request-rules.ts) keeps its message; anything else goes on.
 */
export function asWrongPassword(field: string, message: string) {
  return (error: unknown): never => {
    const body = (error as { body?: { code?: string; message?: string; fields?: Fields } }).body;
    if (body?.code === 'INVALID_PASSWORD')
      throw new AppError('bad_request', message, { [field]: message });
    if (body?.code === 'INVALID_INPUT' && body.message)
      throw new AppError('bad_request', body.message, body.fields);
    throw error;
  };
}

type Fields = Record<string, string>;
