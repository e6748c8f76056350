import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from '../../../lib/router/router.tsx';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSignUp } from '../api/sign-up.ts';
import { useFormError } from '../use-form-error.ts';
import { CheckYourEmail } from './check-your-email.tsx';
import { PasswordChecklist } from './password-checklist.tsx';
import { PasswordField } from './password-field.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { registerSchema } from '../../../../shared/api/auth.ts';
import { authMessages } from '../../../../shared/rules/auth.ts';

const emptyForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
  acceptPrivacy: false,
};

export function RegisterForm() {
  const [searchParams] = useSearchParams();
  // A beta invitation links here with the invited address.
  const [form, setForm] = useState(() => ({
    ...emptyForm,
    email: searchParams.get('email')?.slice(0, 254) ?? '',
  }));
  const [isPasswordFocused, setIsPasswordFocused] = useState(false);
  const { error, check, fail } = useFormError(registerSchema, form);
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const signUp = useSignUp();
  const location = useLocation();
  const checklistId = useId();

  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    try {
      const { firstName, lastName, email, password } = form;
      await signUp.mutateAsync({ firstName, lastName, email: email.trim(), password });
      setRegisteredEmail(email.trim());
    } catch (failure) {
      fail(messageOf(failure, authMessages.unexpected));
    }
  };

  if (registeredEmail) return <CheckYourEmail email={registeredEmail} />;

  const isMismatch = form.confirmPassword !== '' && form.confirmPassword !== form.password;
  const showChecklist = isPasswordFocused || form.password !== '';

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 className="font-display text-2xl font-bold">Begin Your Journey</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          value={form.firstName}
          onChange={(e) => set('firstName', e.target.value)}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          value={form.lastName}
          onChange={(e) => set('lastName', e.target.value)}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={(e) => set('email', e.target.value)}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        value={form.password}
        onChange={(e) => set('password', e.target.value)}
        onFocus={() => setIsPasswordFocused(true)}
        onBlur={() => setIsPasswordFocused(false)}
        aria-describedby={showChecklist ? checklistId : undefined}
        hint={showChecklist && <PasswordChecklist id={checklistId} password={form.password} />}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={(e) => set('confirmPassword', e.target.value)}
        error={isMismatch ? authMessages.passwordsDoNotMatch : undefined}
      />
      <CheckboxField
        checked={form.acceptTerms}
        onChange={(e) => set('acceptTerms', e.target.checked)}
        label={
          <>
            I agree to the{' '}
            <Link to={paths.terms} className="font-medium text-flame-700 underline">
              Terms of Service
            </Link>
          </>
        }
      />
      <CheckboxField
        checked={form.acceptPrivacy}
        onChange={(e) => set('acceptPrivacy', e.target.checked)}
        label={
          <>
            I agree to the{' '}
            <Link to={paths.privacy} className="font-medium text-flame-700 underline">
              Privacy Policy
            </Link>
          </>
        }
      />
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-ink-700">
        Already on the path?{' '}
        <Link
          to={paths.login}
          state={location.state}
          className="font-medium text-flame-700 underline-offset-2 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </form>
  );
}
