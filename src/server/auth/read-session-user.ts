import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import { findSessionUser } from '../users/find-session-user.ts';
import type { Auth } from './auth.ts';
import { getSessionUser } from './session-user.ts';

/**
 * The signed-in user of a request in one database round trip: the session, its user and the
 * role in one joined query. Better Auth's own session read takes three (session, user, then our
 * role) and its cookie cache would let a revoked session or a changed role live on for the
 * cache's lifetime, so we read the row ourselves and leave every write to Better Auth: a session
 * that is due to roll, expired or unknown goes through `getSessionUser`, which refreshes or
 * clears the cookie exactly as before.
 */
export async function readSessionUser(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  const cookies = parseCookieHeader(request.headers.cookie);
  const settings = await sessionSettingsOf(request.server.auth);
  const sessionCookie = cookies.get(settings.sessionCookieName);
  if (sessionCookie === undefined) return null;
  const token = verifySignedValue(sessionCookie, settings.secret);
  if (token) {
    const found = await findSessionUser(request.server.db, token);
    const now = Date.now();
    if (found && found.expiresAt.getTime() > now) {
      const isRemembered = !verifySignedValue(
        cookies.get(settings.dontRememberCookieName),
        settings.secret,
      );
      const rollsAt = found.expiresAt.getTime() - settings.expiresInMs + settings.updateAgeMs;
      if (!isRemembered || rollsAt > now) return found.user;
    }
  }
  return getSessionUser(request, reply);
}

interface SessionSettings {
  secret: string;
  sessionCookieName: string;
  dontRememberCookieName: string;
  expiresInMs: number;
  updateAgeMs: number;
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

/** The value of a `value.signature` cookie signed with HMAC-SHA256, or null when forged. */
function verifySignedValue(cookie: string | undefined, secret: string): string | null {
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
