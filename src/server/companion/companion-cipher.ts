import { createFieldCipher, type FieldContext } from '../db/field-cipher.ts';

/** What a companion record belongs to; bound into its ciphertext. */
export type CompanionRecordKey =
  | {
      userId: string;
      courseId: string;
      /** The table, so a value cannot be moved from one kind of record to another. */
      kind: 'message' | 'emotion' | 'pattern';
    }
  /** The learner's safety plan belongs to no course. */
  | { userId: string; kind: 'safety-plan' };

export interface CompanionCipher {
  encrypt: (plaintext: string, key: CompanionRecordKey) => string;
  decrypt: (envelope: string, key: CompanionRecordKey) => string;
}

/** Where a companion value belongs, as bound into its ciphertext. */
export function companionContext(key: CompanionRecordKey): FieldContext {
  return key.kind === 'safety-plan'
    ? ['companion', key.kind, key.userId]
    : ['companion', key.kind, key.userId, key.courseId];
}

/** Chats, emotional states and patterns at rest, with the reflections' key and cipher. */
export function createCompanionCipher(
  secret: Buffer,
  previous: readonly Buffer[] = [],
): CompanionCipher {
  const cipher = createFieldCipher(secret, previous);
  return {
    encrypt: (plaintext, key) => cipher.encrypt(plaintext, companionContext(key)),
    decrypt: (envelope, key) => cipher.decrypt(envelope, companionContext(key)),
  };
}
