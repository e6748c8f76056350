import { createCipheriv, createDecipheriv, createHash, randomFillSync } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
/** v2 names its key; v1 (no key id) is still read, with the one key there was. */
const VERSION = 'v2';
const KEYLESS_VERSION = 'v1';
const IV_BYTES = 12;
const AUTH_TAG_BYTES = 16;
/** Nonces drawn from the system's random source at a time. */
const NONCES_PER_DRAW = 1024;

/**
 * Where a value belongs (its owner and row key), bound into each ciphertext, so a stored value
 * cannot be moved to another learner or row.
 */
export type FieldContext = readonly string[];

export interface FieldCipher {
  encrypt: (plaintext: string, context: FieldContext) => string;
  decrypt: (envelope: string, context: FieldContext) => string;
  /** How every value written with the current key begins; others are re-encrypted in time. */
  currentPrefix: string;
}

/**
 * AES-256-GCM for private text at rest: `v2.<key id>.<iv>.<tag>.<ciphertext>`, base64url parts.
 * The key id names the key a value was written with, so a changed key is told apart from damaged
 * data, and a rotation knows which key reads which value. `previous` keys only read: values
 * written with them are re-encrypted with `secret` (keys/reencrypt-rows.ts).
 */
export function createFieldCipher(secret: Buffer, previous: readonly Buffer[] = []): FieldCipher {
  for (const key of [secret, ...previous]) {
    if (key.length !== 32) throw new Error('The encryption key must be 32 bytes.');
  }
  const keyId = keyIdOf(secret);
  const keysById = new Map([secret, ...previous].map((key) => [keyIdOf(key), key]));
  const currentPrefix = `${VERSION}.${keyId}.`;
  const nextNonce = nonceSource(IV_BYTES, NONCES_PER_DRAW);
  return {
    encrypt(plaintext, context) {
      const iv = nextNonce();
      const cipher = createCipheriv(ALGORITHM, secret, iv, { authTagLength: AUTH_TAG_BYTES });
      cipher.setAAD(associatedData(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, keyId, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(envelope, context) {
      const { version, ...parts } = partsOf(envelope);
      if (version === VERSION) {
        const key = keysById.get(parts.keyId!);
        if (!key) {
          throw new Error(
            `Unreadable encrypted field: written with key ${parts.keyId}, the configured key is ${keyId}.`,
          );
        }
        return decryptWith(key, parts, context);
      }
      // v1 names no key: each configured key is tried, the current one first.
      for (const key of keysById.values()) {
        try {
          return decryptWith(key, parts, context);
        } catch {
          // the next key
        }
      }
      throw new Error(
        `Unreadable encrypted field: written before keys were named (v1), and no configured key (current ${keyId}) reads it.`,
      );
    },
    currentPrefix,
  };
}

function decryptWith(
  key: Buffer,
  { iv, tag, ciphertext }: { iv: string; tag: string; ciphertext: string },
  context: FieldContext,
): string {
  const authTag = Buffer.from(tag, 'base64url');
  // A shorter tag would be accepted by GCM and is far easier to forge.
  if (authTag.length !== AUTH_TAG_BYTES) throw new Error('Unreadable encrypted field.');
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'), {
    authTagLength: AUTH_TAG_BYTES,
  });
  decipher.setAAD(associatedData(context));
  decipher.setAuthTag(authTag);
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * Random nonces of `bytes` each, drawn `perDraw` at a time: a draw from the system's random source
 * cost a third of an encryption when made for each one. Every nonce is handed out once, so none
 * repeats under a key, as GCM requires.
 */
function nonceSource(bytes: number, perDraw: number): () => Buffer {
  const drawn = Buffer.alloc(bytes * perDraw);
  let next = drawn.length;
  return () => {
    if (next === drawn.length) {
      randomFillSync(drawn);
      next = 0;
    }
    next += bytes;
    return Buffer.from(drawn.subarray(next - bytes, next));
  };
}

/** A short, public name of a key: the start of its SHA-256 digest. */
export function keyIdOf(secret: Buffer): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 8);
}

function partsOf(envelope: string) {
  const parts = envelope.split('.');
  const [version] = parts;
  const [keyId, iv, tag, ciphertext] =
    version === VERSION && parts.length === 5
      ? parts.slice(1)
      : version === KEYLESS_VERSION && parts.length === 4
        ? [undefined, ...parts.slice(1)]
        : [];
  if (iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error('Unreadable encrypted field.');
  }
  return { version, keyId, iv, tag, ciphertext };
}

function associatedData(context: FieldContext): Buffer {
  return Buffer.from(context.join('\u0000'), 'utf8');
}
