import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { SessionReader, SessionRecord } from '../http/guards.ts';
import { BoundedCache } from '../../shared/bounded-cache.ts';
import { findSessionUser } from '../users/find-session-user.ts';
import type { Auth } from './auth.ts';
import { getSessionUser } from './session-user.ts';

/**
 * The signed-in user of a request in one database round trip: the session, its user and the
 * role in one joined query. Better Auth's own session read takes three (session, user, then our
 * role) and its cookie cache would let a revoked session or a changed role live on for the
 * cache's lifetime, so we read the row ourselves and leave every write to Better Auth: a session
 * that is due to roll, expired or unknown goes through `getSessionUser`, which refreshes or
 * clears the cookie exactly as before. A route may read the row in its own statement instead
 * (`readClaim`, then `settle`), so its signed-in request is one round trip.
 */
export async function createSessionReader(auth: Auth): Promise<SessionReader> {
  const settings = await sessionSettingsOf(auth);
  const verifiedHeaders = new BoundedCache<string, SessionCookie>(VERIFIED_HEADERS);
  const cookieByRequest = new WeakMap<FastifyRequest, SessionCookie | null>();

  /** The request's session cookie, verified once per request; null when it has none. */
  const readSessionCookie = (request: FastifyRequest): SessionCookie | null => {
    let cookie = cookieByRequest.get(request);
    if (cookie === undefined) {
      cookie = verifySessionCookie(request.headers.cookie, settings, verifiedHeaders);
      cookieByRequest.set(request, cookie);
    }
    return cookie;
  };

  const settle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    found: SessionRecord | null,
  ): Promise<SessionUser | null> => {
    const cookie = readSessionCookie(request);
    if (found && cookie?.token && isUnexpiredAndNotDueToRoll(found, cookie, settings)) {
      rememberUserOfToken(cookie.token, found.user.id);
      return found.user;
    }
    return getSessionUser(request, reply);
  };

  return {
    async readUser(request, reply) {
      const cookie = readSessionCookie(request);
      if (!cookie) return null;
      const found = cookie.token ? await findSessionUser(request.server.db, cookie.token) : null;
      return settle(request, reply, found);
    },
    readClaim(request) {
      const token = readSessionCookie(request)?.token;
      return token ? { token, userId: userIdByToken.get(token) } : null;
    },
    settle,
  };
}

function isUnexpiredAndNotDueToRoll(
  found: SessionRecord,
  cookie: SessionCookie,
  settings: SessionSettings,
): boolean {
  const now = Date.now();
  const rollsAt = found.expiresAt.getTime() - settings.expiresInMs + settings.updateAgeMs;
  return found.expiresAt.getTime() > now && (!cookie.isRemembered || rollsAt > now);
}

/**
 * Which user each recent token settled to: a statement that must know the user before it runs
 * (a reflection's ciphertext is bound to its owner) takes it from here and checks it against the
 * session row in the same statement, so a revoked session is refused all the same. A token's
 * user never changes.
 */
const userIdByToken = new BoundedCache<string, string>(10_000);

function rememberUserOfToken(token: string, userId: string) {
  if (userIdByToken.get(token) !== userId) userIdByToken.set(token, userId);
}

interface SessionCookie {
  /** The session token, or null when the cookie's signature does not hold. */
  token: string | null;
  isRemembered: boolean;
}

function verifySessionCookie(
  header: string | undefined,
  settings: SessionSettings,
  verifiedHeaders: BoundedCache<string, SessionCookie>,
): SessionCookie | null {
  if (header === undefined) return null;
  const remembered = verifiedHeaders.get(header);
  if (remembered !== undefined) return remembered;
  const cookies = parseCookieHeader(header);
  const sessionCookie = cookies.get(settings.sessionCookieName);
  if (sessionCookie === undefined) return null;
  const verified: SessionCookie = {
    token: signedValueOf(sessionCookie, settings.secret),
    isRemembered: !signedValueOf(cookies.get(settings.dontRememberCookieName), settings.secret),
  };
  if (verified.token !== null && header.length <= LONGEST_REMEMBERED_HEADER) {
    verifiedHeaders.set(header, verified);
  }
  return verified;
}

interface SessionSettings {
  secret: string;
  sessionCookieName: string;
  dontRememberCookieName: string;
  expiresInMs: number;
  updateAgeMs: number;
}

/** Better Auth's own cookie names, secret and rolling window, so both readers agree. */
async function sessionSettingsOf(auth: Auth): Promise<SessionSettings> {
  const context = await auth.$context;
  return {
    secret: context.secret,
    sessionCookieName: context.authCookies.sessionToken.name,
    dontRememberCookieName: context.authCookies.dontRememberToken.name,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  };
}

/** As Better Auth's cookie parser reads them: the first cookie of a name wins, values decoded. */
function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    const name = pair.slice(0, separator).trim();
    if (cookies.has(name)) continue;
    let value = pair.slice(separator + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    cookies.set(name, safelyDecoded(value));
  }
  return cookies;
}

function safelyDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A session's Cookie header comes back unchanged on every request, and reading it (parsing,
 * decoding, the HMAC) was a tenth of a signed-in request's own CPU: a header whose session
 * signature held is remembered whole. Only those, and only as long as a browser's, so a forger
 * fills nothing.
 */
const VERIFIED_HEADERS = 10_000;
const LONGEST_REMEMBERED_HEADER = 1024;

/** The value of a `value.signature` cookie signed with HMAC-SHA256, or null when forged. */
function signedValueOf(cookie: string | undefined, secret: string): string | null {
  if (!cookie) return null;
  const separator = cookie.lastIndexOf('.');
  if (separator < 1) return null;
  const value = cookie.slice(0, separator);
  const signature = Buffer.from(cookie.slice(separator + 1), 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? value
    : null;
}
