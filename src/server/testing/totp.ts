import { hotp } from '../auth/hotp.ts';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** What an authenticator app shows for an otpauth:// URI now (RFC 6238: SHA-1, 6 digits, 30 s). */
export function totpCodeFor(otpauthUri: string, at = Date.now()): string {
  const secret = new URL(otpauthUri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${otpauthUri}`);
  return hotp(decodeBase32(secret), Math.floor(at / 30_000));
}

function decodeBase32(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}
