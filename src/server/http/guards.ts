import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import { adminMessages } from '../../shared/rules/admin.ts';
import { AppError, SIGN_IN_MESSAGE } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser, or by settling a claimed session: the caller, from the session only. */
    user: SessionUser;
    /**
     * Set by requireSessionClaim: a session cookie whose row the route's own statement reads;
     * cleared once that read is settled, either way.
     */
    sessionClaim: SessionClaim | null;
  }
}

/** A session row as read with its user and role. */
export interface SessionRecord {
  user: SessionUser;
  expiresAt: Date;
}

/**
 * A session cookie whose signature holds, not yet checked against the database. `userId` is the
 * user this token last settled to in this process: a hint for a statement that needs the id up
 * front, which that statement checks against the session row.
 */
export interface SessionClaim {
  token: string;
  userId: string | undefined;
}

/** How a request's session is read; the auth feature supplies it (app.ts). */
export interface SessionReader {
  /** The signed-in user of a request, or null. */
  readUser: (request: FastifyRequest, reply: FastifyReply) => Promise<SessionUser | null>;
  /** The request's session cookie when its signature holds, without reading the database. */
  readClaim: (request: FastifyRequest) => SessionClaim | null;
  /**
   * The user of a session row read for this request, or null. A session due to roll, expired or
   * unknown goes through Better Auth, which rolls or clears the cookie.
   */
  settle: (
    request: FastifyRequest,
    reply: FastifyReply,
    found: SessionRecord | null,
  ) => Promise<SessionUser | null>;
}

/**
 * Register guards as `preValidation`: a caller without a session gets 401 before their input is
 * judged, and learns nothing about a route's rules.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  signedIn(request, await request.server.sessions.readUser(request, reply));
}

export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (request.user.role !== 'admin') {
    throw new AppError('forbidden', 'You do not have permission to access this page');
  }
  if (!request.user.twoFactorEnabled) {
    throw new AppError('forbidden', adminMessages.twoFactorRequired);
  }
}

/**
 * Whether the caller may act on other users' data: the admin role counts only with two-factor
 * sign-in on (ASVS level 2), so a stolen admin password alone reads nobody's private text.
 */
export function hasAdminPowers(user: SessionUser): boolean {
  return user.role === 'admin' && user.twoFactorEnabled;
}

/**
 * requireUser for a route that reads the session row in its own statement, so that a signed-in
 * request is one round trip: the cookie's signature is checked here, the row by the route
 * (`pendingSessionOf`). Without a validly signed cookie the request is refused as requireUser
 * refuses it. Should anything answer before the route settles the session, the error handler
 * settles it first, so a caller without a session still gets 401.
 */
export const requireSessionClaim: preValidationHookHandler = (request, reply, done) => {
  const claim = request.server.sessions.readClaim(request);
  if (claim) {
    request.sessionClaim = claim;
    done();
    return;
  }
  refuseUnsignedRequest(request, reply, done);
};

/**
 * Better Auth checks the same signature and finds no user either; it may clear the cookies.
 * A callback, as app.ts asks of the hooks on every signed-in request.
 */
function refuseUnsignedRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  request.server.sessions.readUser(request, reply).then(
    () => done(new AppError('unauthorized', SIGN_IN_MESSAGE)),
    (error: unknown) => done(error as Error),
  );
}

/** A claimed session, for the route that reads it: its token and how to settle what it read. */
export interface PendingSession extends SessionClaim {
  /** The user of the session row the route's statement read; 401 when there is none. */
  settle: (found: SessionRecord | null) => Promise<SessionUser>;
  /** The user, read on its own: for a route whose statement could not settle the session. */
  readUser: () => Promise<SessionUser>;
}

export function pendingSessionOf(request: FastifyRequest, reply: FastifyReply): PendingSession {
  return new ClaimedSession(request, reply);
}

/** A class, not a literal with closures: built on every signed-in request of the fast path. */
class ClaimedSession implements PendingSession {
  readonly token: string;
  readonly userId: string | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {
    ({ token: this.token, userId: this.userId } = request.sessionClaim!);
  }

  async settle(found: SessionRecord | null): Promise<SessionUser> {
    const { request, reply } = this;
    return signedIn(request, await request.server.sessions.settle(request, reply, found));
  }

  async readUser(): Promise<SessionUser> {
    const { request, reply } = this;
    return (
      request.user ?? signedIn(request, await request.server.sessions.readUser(request, reply))
    );
  }
}

function signedIn(request: FastifyRequest, user: SessionUser | null): SessionUser {
  request.sessionClaim = null;
  if (!user) throw new AppError('unauthorized', SIGN_IN_MESSAGE);
  request.user = user;
  return user;
}

/** The one answer to a caller who acts on another user's data. */
export const OWN_DATA_ONLY = 'You may only act on your own account.';

/**
 * For actions on one user's data: the caller must be that user, or an admin. `ownerUserId` is
 * null when the thing named (a customer id, say) belongs to no one, which only an admin may ask.
 */
export function requireSelfOrAdmin(caller: SessionUser, ownerUserId: string | null): void {
  if (caller.id === ownerUserId) return;
  if (caller.role === 'admin' && !caller.twoFactorEnabled) {
    throw new AppError('forbidden', adminMessages.twoFactorRequired);
  }
  if (!hasAdminPowers(caller)) throw new AppError('forbidden', OWN_DATA_ONLY);
}

/** For actions only the owner takes, whatever the caller's role. */
export function requireSelf(caller: SessionUser, ownerUserId: string | null): void {
  if (caller.id !== ownerUserId) throw new AppError('forbidden', OWN_DATA_ONLY);
}

/** The guards of the routes that need a session. */
const sessionGuards = new Set<unknown>([requireUser, requireAdmin, requireSessionClaim]);

/**
 * Fastify reads and parses a body before `preValidation`, where the guards run: a route that needs
 * a session also refuses a caller without a validly signed session cookie in `onRequest`, before
 * its body is read. The signature is checked without the database; the guard reads the row.
 * Registered before the features, so that every guarded route, now or later, gets it.
 */
export function claimSessionBeforeBody(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const guards = [route.preValidation ?? []].flat();
    if (!guards.some((guard) => sessionGuards.has(guard))) return;
    route.onRequest = [refuseWithoutSessionCookie, ...[route.onRequest ?? []].flat()];
  });
}

const refuseWithoutSessionCookie: onRequestHookHandler = (request, reply, done) => {
  if (request.server.sessions.readClaim(request)) done();
  else refuseUnsignedRequest(request, reply, done);
};
