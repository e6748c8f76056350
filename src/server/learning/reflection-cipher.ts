import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const IV_BYTES = 12;

/** Where a reflection belongs; bound into each ciphertext, so a row's text cannot be moved to another. */
export interface ReflectionKey {
  userId: string;
  courseId: string;
  moduleId: string;
  lessonId: string;
  promptId: string;
}

export interface ReflectionCipher {
  encrypt: (plaintext: string, key: ReflectionKey) => string;
  decrypt: (envelope: string, key: ReflectionKey) => string;
}

/** AES-256-GCM for reflection text at rest: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function createReflectionCipher(secret: Buffer): ReflectionCipher {
  if (secret.length !== 32) throw new Error('The reflection key must be 32 bytes.');
  return {
    encrypt(plaintext, key) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, secret, iv);
      cipher.setAAD(associatedData(key));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(envelope, key) {
      const [version, iv, tag, ciphertext] = envelope.split('.');
      if (
        version !== VERSION ||
        iv === undefined ||
        tag === undefined ||
        ciphertext === undefined
      ) {
        throw new Error('Unreadable reflection envelope.');
      }
      const decipher = createDecipheriv(ALGORITHM, secret, Buffer.from(iv, 'base64url'));
      decipher.setAAD(associatedData(key));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

function associatedData(key: ReflectionKey): Buffer {
  return Buffer.from(
    [key.userId, key.courseId, key.moduleId, key.lessonId, key.promptId].join('\u0000'),
    'utf8',
  );
}
