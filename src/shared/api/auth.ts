import { z } from 'zod';
import {
  authMessages,
  FULL_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../rules/auth.ts';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../rules/email.ts';

/** Every email a request carries: bounded before it is looked at, then checked in one pass. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, { message: authMessages.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, { message: authMessages.emailTooLong, abort: true })
  .refine(isEmailAddress, authMessages.emailInvalid);
const email = emailSchema;

/** Every new password: at sign-up, reset and change (the common-password check is the server's). */
export const newPasswordSchema = z
  .string()
  .min(1, { message: authMessages.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { message: authMessages.passwordTooShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, { message: authMessages.passwordTooLong, abort: true })
  .refine(meetsComplexity, authMessages.passwordTooWeak);

/**
 * Line breaks and other control characters, and the invisible marks that reorder or hide text
 * (bidi controls, zero-width space, byte-order mark): a name shown to admins and put in mails
 * carries none of them.
 */
const HIDDEN_CHARACTERS =
  /[\p{Cc}\u061C\u200B\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/u;

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTERS.test(text);
}

/** A name as a person types it: trimmed, bounded, then free of hidden characters. */
function nameText(maxLength: number, tooLongMessage: string) {
  return z
    .string()
    .trim()
    .max(maxLength, { message: tooLongMessage, abort: true })
    .refine((name) => !hasHiddenCharacters(name), authMessages.nameHasHiddenCharacters);
}

export const firstNameSchema = nameText(NAME_MAX_LENGTH, authMessages.firstNameTooLong).pipe(
  z.string().min(1, authMessages.firstNameRequired),
);
/** A last name may be emptied later (a learner known by one name), never at sign-up. */
export const lastNameSchema = nameText(NAME_MAX_LENGTH, authMessages.lastNameTooLong);
export const fullNameSchema = nameText(
  FULL_NAME_MAX_LENGTH,
  `The name can be at most ${FULL_NAME_MAX_LENGTH} characters`,
).pipe(z.string().min(1, 'Full name is required'));

export function meetsComplexity(password: string): boolean {
  return /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password);
}

/** The live checklist under the password field; the special character is only recommended. */
export const passwordChecklist = [
  { label: 'At least 8 characters', isMet: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { label: 'One uppercase letter', isMet: (p: string) => /[A-Z]/.test(p) },
  { label: 'One lowercase letter', isMet: (p: string) => /[a-z]/.test(p) },
  { label: 'One number', isMet: (p: string) => /\d/.test(p) },
  {
    label: 'One special character (recommended)',
    isMet: (p: string) => /[^A-Za-z0-9]/.test(p),
    isRecommendation: true,
  },
] as const;

export const loginSchema = z.object({
  email,
  password: z
    .string()
    .min(1, authMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
  rememberMe: z.boolean().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

/** What the server accepts at sign-up. */
export const signUpSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema.pipe(z.string().min(1, authMessages.lastNameRequired)),
  email,
  password: newPasswordSchema,
});

/** The register form: the sign-up fields, then confirmation and consent, in the spec's order. */
export const registerSchema = signUpSchema
  .extend({
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
    acceptTerms: z.boolean(),
    acceptPrivacy: z.boolean(),
  })
  .superRefine((form, context) => {
    if (form.confirmPassword !== form.password) {
      context.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: authMessages.passwordsDoNotMatch,
      });
    }
    if (!form.acceptTerms || !form.acceptPrivacy) {
      context.addIssue({ code: 'custom', path: ['acceptTerms'], message: authMessages.mustAgree });
    }
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });

/** A new confirmation link for the signed-in learner's address (Better Auth's own endpoint). */
export const sendConfirmationEmailSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z
      .string()
      .max(PASSWORD_MAX_LENGTH, { message: authMessages.passwordTooLong, abort: true }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: authMessages.passwordsDoNotMatch,
  });

/** The names an account keeps (Better Auth's update-user): nothing else may be changed there. */
export const updateUserSchema = z
  .strictObject({
    name: fullNameSchema.optional(),
    firstName: firstNameSchema.optional(),
    lastName: lastNameSchema.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to update' });

/** The first message in the spec's order, or undefined when the input is valid. */
export function firstValidationMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['user', 'admin']),
  /** The account opened the link mailed at sign-up. */
  emailVerified: z.boolean(),
  /** Sign-in asks for a code from an authenticator app; an admin's powers wait for it. */
  twoFactorEnabled: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
