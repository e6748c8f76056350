import { createFieldCipher } from '../db/field-cipher.ts';

/** What a companion record belongs to; bound into its ciphertext. */
export interface CompanionRecordKey {
  userId: string;
  courseId: string;
  /** The table, so a value cannot be moved from one kind of record to another. */
  kind: 'message' | 'emotion' | 'pattern';
}

export interface CompanionCipher {
  encrypt: (plaintext: string, key: CompanionRecordKey) => string;
  decrypt: (envelope: string, key: CompanionRecordKey) => string;
}

/** Chats, emotional states and patterns at rest, with the reflections' key and cipher. */
export function createCompanionCipher(secret: Buffer): CompanionCipher {
  const cipher = createFieldCipher(secret);
  const context = (key: CompanionRecordKey) => ['companion', key.kind, key.userId, key.courseId];
  return {
    encrypt: (plaintext, key) => cipher.encrypt(plaintext, context(key)),
    decrypt: (envelope, key) => cipher.decrypt(envelope, context(key)),
  };
}
