import { useState, type FormEvent } from 'react';
import { Link, useLocation } from '../../../lib/router/router.tsx';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useClientValue } from '../../../lib/client-value.ts';
import { paths } from '../../../lib/paths.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useFormError } from '../use-form-error.ts';
import { readRememberedEmail, rememberEmail } from '../remembered-email.ts';
import { PasswordField } from './password-field.tsx';
import { TwoFactorStep } from './two-factor-step.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { loginSchema } from '../../../../shared/api/auth.ts';
import { authMessages } from '../../../../shared/rules/auth.ts';

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  // The page is rendered at build time without it: the remembered email fills in once React runs.
  const rememberedEmail = useClientValue(readRememberedEmail, '');
  const [typedEmail, setEmail] = useState<string>();
  const [password, setPassword] = useState('');
  const [rememberChoice, setRememberMe] = useState<boolean>();
  const email = typedEmail ?? rememberedEmail;
  const rememberMe = rememberChoice ?? rememberedEmail !== '';
  const [needsSecondFactor, setNeedsSecondFactor] = useState(false);
  const input = { email: email.trim(), password, rememberMe };
  const { error, check, fail } = useFormError(loginSchema, input);
  const signIn = useSignIn();
  const location = useLocation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    try {
      const result = await signIn.mutateAsync(input);
      rememberEmail(input.email, rememberMe);
      if (result.twoFactorRedirect) setNeedsSecondFactor(true);
      else onSignedIn();
    } catch (failure) {
      fail(messageOf(failure, authMessages.unexpected));
    }
  };

  if (needsSecondFactor) return <TwoFactorStep onSignedIn={onSignedIn} />;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 className="font-display text-2xl font-bold">Welcome Back</h2>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="flex items-center justify-between">
        <CheckboxField
          label="Remember me"
          checked={rememberMe}
          onChange={(e) => setRememberMe(e.target.checked)}
        />
        <Link
          to={paths.forgotPassword}
          className="text-sm font-medium text-flame-700 underline-offset-2 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-ink-700">
        New here?{' '}
        <Link
          to={paths.register}
          state={location.state}
          className="font-medium text-flame-700 underline-offset-2 hover:underline"
        >
          Create an account
        </Link>
      </p>
    </form>
  );
}
