import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { SessionClaim, SessionReader, SessionRecord } from '../http/guards.ts';
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
 * (`readSessionClaim`, then `settleSessionUser`), so its signed-in request is one round trip.
 */
export const sessionReader: SessionReader = {
  readUser: readSessionUser,
  readClaim: readSessionClaim,
  settle: settleSessionUser,
};

async function readSessionUser(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  const cookie = await readSessionCookie(request);
  if (!cookie) return null;
  const found = cookie.token ? await findSessionUser(request.server.db, cookie.token) : null;
  return settleSessionUser(request, reply, found);
}

async function readSessionClaim(request: FastifyRequest): Promise<SessionClaim | null> {
  const token = (await readSessionCookie(request))?.token;
  return token ? { token, userId: userIdByToken.get(token) } : null;
}

async function settleSessionUser(
  request: FastifyRequest,
  reply: FastifyReply,
  found: SessionRecord | null,
): Promise<SessionUser | null> {
  const cookie = await readSessionCookie(request);
  if (found && cookie?.token && isUnexpiredAndNotDueToRoll(found, cookie)) {
    rememberUserOfToken(cookie.token, found.user.id);
    return found.user;
  }
  return getSessionUser(request, reply);
}

function isUnexpiredAndNotDueToRoll(found: SessionRecord, cookie: SessionCookie): boolean {
  const now = Date.now();
  const rollsAt =
    found.expiresAt.getTime() - cookie.settings.expiresInMs + cookie.settings.updateAgeMs;
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
  settings: SessionSettings;
}

const cookieByRequest = new WeakMap<FastifyRequest, Promise<SessionCookie | null>>();

/** The request's session cookie, verified once per request; null when it has none. */
function readSessionCookie(request: FastifyRequest): Promise<SessionCookie | null> {
  let cookie = cookieByRequest.get(request);
  if (!cookie) {
    cookie = verifySessionCookie(request);
    cookieByRequest.set(request, cookie);
  }
  return cookie;
}

async function verifySessionCookie(request: FastifyRequest): Promise<SessionCookie | null> {
  const cookies = parseCookieHeader(request.headers.cookie);
  const settings = await sessionSettingsOf(request.server.auth);
  const sessionCookie = cookies.get(settings.sessionCookieName);
  if (sessionCookie === undefined) return null;
  return {
    token: verifySignedValue(sessionCookie, settings),
    isRemembered: !verifySignedValue(cookies.get(settings.dontRememberCookieName), settings),
    settings,
  };
}

interface SessionSettings {
  secret: string;
  sessionCookieName: string;
  dontRememberCookieName: string;
  expiresInMs: number;
  updateAgeMs: number;
  /** Signed cookies whose signature held under this secret, and their values. */
  verifiedCookies: BoundedCache<string, string>;
}

const settingsByAuth = new WeakMap<Auth, Promise<SessionSettings>>();

/** Better Auth's own cookie names, secret and rolling window, so both readers agree. */
function sessionSettingsOf(auth: Auth): Promise<SessionSettings> {
  let settings = settingsByAuth.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      secret: context.secret,
      sessionCookieName: context.authCookies.sessionToken.name,
      dontRememberCookieName: context.authCookies.dontRememberToken.name,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
      verifiedCookies: new BoundedCache<string, string>(VERIFIED_COOKIES),
    }));
    settingsByAuth.set(auth, settings);
  }
  return settings;
}

/** As Better Auth's cookie parser reads them: the first cookie of a name wins, values decoded. */
function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
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
 * A signed cookie is checked once: a session's cookie comes back on every request, and the HMAC
 * was a tenth of a signed-in request's own CPU. Only cookies that held are remembered, and only
 * as long as a real one, so a forger fills nothing.
 */
const VERIFIED_COOKIES = 10_000;
const LONGEST_REMEMBERED_COOKIE = 256;

/** The value of a `value.signature` cookie signed with HMAC-SHA256, or null when forged. */
function verifySignedValue(cookie: string | undefined, settings: SessionSettings): string | null {
  if (!cookie) return null;
  const remembered = settings.verifiedCookies.get(cookie);
  if (remembered !== undefined) return remembered;
  const value = signedValueOf(cookie, settings.secret);
  if (value !== null && cookie.length <= LONGEST_REMEMBERED_COOKIE) {
    settings.verifiedCookies.set(cookie, value);
  }
  return value;
}

function signedValueOf(cookie: string, secret: string): string | null {
  const separator = cookie.lastIndexOf('.');
  if (separator < 1) return null;
  const value = cookie.slice(0, separator);
  const signature = Buffer.from(cookie.slice(separator + 1), 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? value
    : null;
}
