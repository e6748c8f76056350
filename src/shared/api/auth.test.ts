import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailProblem } from '../rules/email.ts';
import {
  emailSchema,
  firstValidationMessage,
  forgotPasswordSchema,
  loginSchema,
  passwordChecklist,
  registerSchema,
  resetPasswordSchema,
  signUpSchema,
  updateUserSchema,
} from './auth.ts';
import { authMessages } from '../rules/auth.ts';

const validRegistration = {
  firstName: 'Maya',
  lastName: 'Stone',
  email: 'maya@example.com',
  password: 'Sovereign1',
  confirmPassword: 'Sovereign1',
  acceptTerms: true,
  acceptPrivacy: true,
};

const registerMessage = (change: Partial<typeof validRegistration>) =>
  firstValidationMessage(registerSchema, { ...validRegistration, ...change });

const loginMessage = (input: object) =>
  firstValidationMessage(loginSchema, { email: 'maya@example.com', password: 'x', ...input });

const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const digit = fc.constantFrom(...'0123456789');

/** Printable ASCII of the given length with an uppercase letter, a lowercase letter and a digit somewhere. */
const strongPassword = (minLength: number, maxLength: number) =>
  fc
    .tuple(upper, lower, digit, fc.string({ minLength: minLength - 3, maxLength: maxLength - 3 }))
    .chain(([u, l, d, rest]) => {
      const characters = [u, l, d, ...rest];
      return fc.shuffledSubarray(characters, { minLength: characters.length });
    })
    .map((characters) => characters.join(''));

describe('login', () => {
  it('accepts an email and any non-empty password', () => {
    expect(loginMessage({})).toBeUndefined();
  });

  it('requires the email first', () => {
    expect(loginMessage({ email: '', password: '' })).toBe('Email is required');
    expect(loginMessage({ email: '   ' })).toBe('Email is required');
  });

  it('checks the email against a simple address pattern', () => {
    for (const email of ['maya', 'maya@', 'maya@example', '@example.com', 'ma ya@example.com']) {
      expect(loginMessage({ email }), email).toBe('Please enter a valid email address');
    }
  });

  it('requires the password', () => {
    expect(loginMessage({ password: '' })).toBe('Password is required');
  });

  it('does not apply the registration password rules at sign-in', () => {
    expect(loginMessage({ password: 'short' })).toBeUndefined();
  });

  it('leaves "Remember me" off unless ticked', () => {
    expect(loginSchema.parse({ email: 'maya@example.com', password: 'x' }).rememberMe).toBe(false);
  });
});

describe('register, in the order of spec 1 §5', () => {
  it('accepts a complete, valid form', () => {
    expect(registerMessage({})).toBeUndefined();
  });

  it('asks for the first name before anything else', () => {
    expect(
      firstValidationMessage(registerSchema, {
        firstName: '',
        lastName: '',
        email: '',
        password: '',
        confirmPassword: 'x',
        acceptTerms: false,
        acceptPrivacy: false,
      }),
    ).toBe('First name is required');
    expect(registerMessage({ firstName: '  ' })).toBe('First name is required');
  });

  it('then the last name', () => {
    expect(registerMessage({ lastName: '', email: '', password: '' })).toBe(
      'Last name is required',
    );
  });

  it('then a valid email', () => {
    expect(registerMessage({ email: '', password: '' })).toBe('Email is required');
    expect(registerMessage({ email: 'maya@example', password: '' })).toBe(
      'Please enter a valid email address',
    );
  });

  it('then the password: required, long enough, then strong enough', () => {
    expect(registerMessage({ password: '', confirmPassword: 'x' })).toBe('Password is required');
    expect(registerMessage({ password: 'abc', confirmPassword: 'x' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(registerMessage({ password: 'abcdefgh', confirmPassword: 'x' })).toBe(
      'Password must include uppercase, lowercase, and numbers',
    );
  });

  it('then the confirmation', () => {
    expect(registerMessage({ confirmPassword: 'Sovereign2', acceptTerms: false })).toBe(
      'Passwords do not match',
    );
  });

  it('and last the terms and the privacy policy, both', () => {
    const mustAgree = 'You must agree to the Terms of Service and Privacy Policy';
    expect(registerMessage({ acceptTerms: false })).toBe(mustAgree);
    expect(registerMessage({ acceptPrivacy: false })).toBe(mustAgree);
    expect(registerMessage({ acceptTerms: false, acceptPrivacy: false })).toBe(mustAgree);
  });

  it('uses the exact words of the spec', () => {
    expect(authMessages).toMatchObject({
      firstNameRequired: 'First name is required',
      lastNameRequired: 'Last name is required',
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email address',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Password must be at least 8 characters long',
      passwordTooWeak: 'Password must include uppercase, lowercase, and numbers',
      passwordsDoNotMatch: 'Passwords do not match',
      mustAgree: 'You must agree to the Terms of Service and Privacy Policy',
    });
  });
});

describe('the name rules, at sign-up and on every later change', () => {
  it.each([
    ['a line break', 'Maya\nBcc: evil@example.com'],
    ['a tab', 'Maya\tStone'],
    ['a right-to-left override', 'Admin\u202e\u200bnimdA'],
    ['a bidi isolate', 'Maya\u2066Stone'],
    ['a byte-order mark', 'Ma\ufeffya'],
  ])('refuse %s with the same message', (_what, name) => {
    expect(registerMessage({ firstName: name })).toBe(authMessages.nameHasHiddenCharacters);
    expect(firstValidationMessage(updateUserSchema, { lastName: name })).toBe(
      authMessages.nameHasHiddenCharacters,
    );
  });

  it('accept names in any script, joiners included', () => {
    for (const name of ['Zoë', 'José María', 'محمد', 'मोहन\u200dलाल', 'Nguyễn']) {
      expect(registerMessage({ firstName: name }), name).toBeUndefined();
    }
  });

  it('bound a name before looking at its characters, and refuse an empty first name', () => {
    expect(registerMessage({ firstName: `${'F'.repeat(101)}\n` })).toBe(
      authMessages.firstNameTooLong,
    );
    expect(firstValidationMessage(updateUserSchema, { firstName: '  ' })).toBe(
      authMessages.firstNameRequired,
    );
    expect(firstValidationMessage(updateUserSchema, { lastName: '' })).toBeUndefined();
    expect(firstValidationMessage(updateUserSchema, { image: 'https://x.example' })).toBeDefined();
  });
});

describe('the password rules', () => {
  const passwordMessage = (password: string) =>
    firstValidationMessage(signUpSchema, { ...validRegistration, password });

  it('accept any password of 8 to 128 characters with an uppercase, a lowercase and a digit', () => {
    fc.assert(
      fc.property(strongPassword(8, 128), (password) => {
        expect(passwordMessage(password)).toBeUndefined();
      }),
    );
  });

  it('refuse any shorter password with the length message, whatever it contains', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 7 }), (password) => {
        expect(passwordMessage(password)).toBe('Password must be at least 8 characters long');
      }),
    );
  });

  it('refuse a long enough password that lacks an uppercase letter, a lowercase letter or a digit', () => {
    const missingOne = fc
      .constantFrom(/[A-Z]/g, /[a-z]/g, /\d/g)
      .chain((kind) =>
        strongPassword(8, 64).map((password) => password.replace(kind, '!').padEnd(8, '!')),
      );
    fc.assert(
      fc.property(missingOne, (password) => {
        expect(passwordMessage(password)).toBe(
          'Password must include uppercase, lowercase, and numbers',
        );
      }),
    );
  });

  it('refuse a password longer than 128 characters', () => {
    expect(passwordMessage(`Aa1${'x'.repeat(126)}`)).toBe(
      'Password must be at most 128 characters long',
    );
  });

  it('apply to a new password set from a reset link, with the confirmation', () => {
    expect(
      firstValidationMessage(resetPasswordSchema, { password: 'abc', confirmPassword: 'abc' }),
    ).toBe('Password must be at least 8 characters long');
    expect(
      firstValidationMessage(resetPasswordSchema, {
        password: 'Sovereign1',
        confirmPassword: 'Sovereign2',
      }),
    ).toBe('Passwords do not match');
    expect(
      firstValidationMessage(resetPasswordSchema, {
        password: 'Sovereign1',
        confirmPassword: 'Sovereign1',
      }),
    ).toBeUndefined();
  });

  it('ask for a valid email to send a reset link to', () => {
    expect(firstValidationMessage(forgotPasswordSchema, { email: '' })).toBe('Email is required');
    expect(firstValidationMessage(forgotPasswordSchema, { email: 'maya' })).toBe(
      'Please enter a valid email address',
    );
  });
});

describe('the live password checklist', () => {
  const metLabels = (password: string) =>
    passwordChecklist.filter((item) => item.isMet(password)).map((item) => item.label);

  it('lists the rules in order, the special character only as a recommendation', () => {
    expect(passwordChecklist.map((item) => item.label)).toEqual([
      'At least 8 characters',
      'One uppercase letter',
      'One lowercase letter',
      'One number',
      'One special character (recommended)',
    ]);
    expect(passwordChecklist.filter((item) => 'isRecommendation' in item)).toHaveLength(1);
  });

  it('ticks each rule as the password meets it', () => {
    expect(metLabels('')).toEqual([]);
    expect(metLabels('a')).toEqual(['One lowercase letter']);
    expect(metLabels('aB3')).toEqual([
      'One uppercase letter',
      'One lowercase letter',
      'One number',
    ]);
    expect(metLabels('aB3!efgh')).toHaveLength(5);
  });

  it('agrees with the schema: every required item ticked exactly when the password is accepted', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (password) => {
        const requiredAllMet = passwordChecklist
          .filter((item) => !('isRecommendation' in item))
          .every((item) => item.isMet(password));
        const isAccepted =
          firstValidationMessage(signUpSchema, { ...validRegistration, password }) === undefined;
        expect(requiredAllMet).toBe(isAccepted);
      }),
    );
  });
});

describe('emailProblem, the same rule without zod', () => {
  it('says what emailSchema says, in the same words, of any typed address', () => {
    const typed = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'b', '.', '@', ' ', '\t'), maxLength: 40 }),
      fc.constantFrom('', '   ', ' maya@example.com ', `${'a'.repeat(250)}@example.com`),
    );
    fc.assert(
      fc.property(typed, (address) => {
        const parsed = emailSchema.safeParse(address);
        const schemaSays = parsed.success ? undefined : parsed.error.issues[0]?.message;
        expect(emailProblem(address)).toBe(schemaSays);
      }),
    );
  });
});
