import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A value and its HMAC, for links in mails that act without a session (unsubscribe, confirm an
 * address): `base64url(value).signature`. The purpose is signed too, so a token made for one
 * link never works for another.
 */
export function signToken(secret: string, purpose: string, value: string): string {
  return `${Buffer.from(value).toString('base64url')}.${signatureOf(secret, purpose, value)}`;
}

/** The value a token carries, or null when it was not made by `signToken` for this purpose. */
export function readSignedToken(secret: string, purpose: string, token: string): string | null {
  const [encoded = '', signature = ''] = token.split('.');
  const value = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(signatureOf(secret, purpose, value));
  const given = Buffer.from(signature);
  if (!value || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return value;
}

function signatureOf(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');
}
