import { dictionary } from '@zxcvbn-ts/language-common';

/** About 49,000 of the most used and breached passwords, in lower case (zxcvbn-ts's list). */
const commonPasswords = new Set(dictionary['passwords-common']);

/**
 * ASVS 5.0 (6.2.4): a new password is checked against the most common and breached ones, offline.
 * Letter case does not make a common password less guessable.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
