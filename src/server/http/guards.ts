import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser: the signed-in caller, from the session cookie only. */
    user: SessionUser;
  }
}

/**
 * Reads the signed-in user of a request from its session cookie, or null. The auth feature
 * supplies it (app.ts), so the guards need no feature of their own.
 */
export type SessionUserReader = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<SessionUser | null>;

/**
 * Register guards as `preValidation`: a caller without a session gets 401 before their input is
 * judged, and learns nothing about a route's rules.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await request.server.readSessionUser(request, reply);
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
