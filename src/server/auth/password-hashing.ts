import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP ASVS: scrypt with N=2^15, r=8, p=3 (Better Auth's default is lighter).
const PARAMETERS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 64;
const MAX_MEMORY = 128 * PARAMETERS.N * PARAMETERS.r * 2;

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Returns `scrypt$N$r$p$salt$key`, so stored hashes keep their parameters if these change. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, { ...PARAMETERS, maxmem: MAX_MEMORY });
  const { N, r, p } = PARAMETERS;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }) {
  const [algorithm, N, r, p, salt, key] = hash.split('$');
  if (algorithm !== 'scrypt' || !salt || !key) return false;
  const options = { N: Number(N), r: Number(r), p: Number(p) };
  const expected = Buffer.from(key, 'base64');
  const actual = await deriveKey(password, Buffer.from(salt, 'base64'), {
    ...options,
    maxmem: 128 * options.N * options.r * 2,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
