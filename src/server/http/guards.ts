import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import { fromNodeHeaders } from 'better-auth/node';
import { getRole } from '../profile/profiles.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser: the signed-in caller, from the session cookie only. */
    user: SessionUser;
  }
}

/** The signed-in user of this request, or null. Passes a rolled session cookie on to the reply. */
export async function getSessionUser(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  const { auth, db } = request.server;
  const { headers, response } = await auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    returnHeaders: true,
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response) return null;
  const { user } = response;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: await getRole(db, user.id),
  };
}

/**
 * Register guards as `preValidation`: a caller without a session gets 401 before their input is
 * judged, and learns nothing about a route's rules.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await getSessionUser(request, reply);
  if (!user) throw new AppError('unauthorized', 'Please sign in to continue.');
  request.user = user;
}

export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (request.user.role !== 'admin') {
    throw new AppError('forbidden', 'You do not have permission to access this page');
  }
}

/** For routes that name a user: the caller must be that user, or an admin. */
export function requireSelfOrAdmin(request: FastifyRequest, userId: string): void {
  if (request.user.id !== userId && request.user.role !== 'admin') {
    throw new AppError('forbidden', 'You may only act on your own account.');
  }
}
