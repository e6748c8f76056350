/** What a name, a password and a sign-in may be, and the words for each (spec 1 §5). */
import { emailMessages } from './email.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const FULL_NAME_MAX_LENGTH = 200;

export const authMessages = {
  emailRequired: emailMessages.required,
  emailInvalid: emailMessages.invalid,
  emailTooLong: emailMessages.tooLong,
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameTooLong: `First name can be at most ${NAME_MAX_LENGTH} characters`,
  lastNameTooLong: `Last name can be at most ${NAME_MAX_LENGTH} characters`,
  nameHasHiddenCharacters: 'A name cannot contain line breaks or invisible control characters',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordTooWeak: 'Password must include uppercase, lowercase, and numbers',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooCommon:
    'This password is one of the most common and is easily guessed. Please choose another.',
  mustAgree: 'You must agree to the Terms of Service and Privacy Policy',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;
