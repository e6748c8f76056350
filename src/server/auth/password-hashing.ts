import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost: the app's is in `config.ts` (`passwordHashing`). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 64;
const maxMemoryFor = ({ N, r }: ScryptCost) => 128 * N * r * 2;

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Returns `scrypt$N$r$p$salt$key`, so stored hashes keep their parameters if these change. */
export async function hashPassword(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, { ...cost, maxmem: maxMemoryFor(cost) });
  const { N, r, p } = cost;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }) {
  const [algorithm, N, r, p, salt, key] = hash.split('$');
  if (algorithm !== 'scrypt' || !salt || !key) return false;
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  const expected = Buffer.from(key, 'base64');
  const actual = await deriveKey(password, Buffer.from(salt, 'base64'), {
    ...cost,
    maxmem: maxMemoryFor(cost),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
