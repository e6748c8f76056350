import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const IV_BYTES = 12;
const AUTH_TAG_BYTES = 16;

/**
 * Where a value belongs (its owner and row key), bound into each ciphertext, so a stored value
 * cannot be moved to another learner or row.
 */
export type FieldContext = readonly string[];

export interface FieldCipher {
  encrypt: (plaintext: string, context: FieldContext) => string;
  decrypt: (envelope: string, context: FieldContext) => string;
}

/** AES-256-GCM for private text at rest: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function createFieldCipher(secret: Buffer): FieldCipher {
  if (secret.length !== 32) throw new Error('The encryption key must be 32 bytes.');
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, secret, iv, { authTagLength: AUTH_TAG_BYTES });
      cipher.setAAD(associatedData(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(envelope, context) {
      const [version, iv, tag, ciphertext] = envelope.split('.');
      if (
        version !== VERSION ||
        iv === undefined ||
        tag === undefined ||
        ciphertext === undefined
      ) {
        throw new Error('Unreadable encrypted field.');
      }
      const authTag = Buffer.from(tag, 'base64url');
      // A shorter tag would be accepted by GCM and is far easier to forge.
      if (authTag.length !== AUTH_TAG_BYTES) throw new Error('Unreadable encrypted field.');
      const decipher = createDecipheriv(ALGORITHM, secret, Buffer.from(iv, 'base64url'), {
        authTagLength: AUTH_TAG_BYTES,
      });
      decipher.setAAD(associatedData(context));
      decipher.setAuthTag(authTag);
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

function associatedData(context: FieldContext): Buffer {
  return Buffer.from(context.join('\u0000'), 'utf8');
}
