import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../../lib/router/router.tsx';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../lib/paths.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { forgotPasswordSchema } from '../../../../shared/api/auth.ts';
import { authMessages } from '../../../../shared/rules/auth.ts';
import { EMAIL_MAX_LENGTH } from '../../../../shared/rules/email.ts';

export function ForgotPasswordRoute() {
  const [searchParams] = useSearchParams();
  // A moved-in learner's welcome mail links here with their address (admin/move-learners.ts).
  const [email, setEmail] = useState(() =>
    (searchParams.get('email') ?? '').slice(0, EMAIL_MAX_LENGTH),
  );
  const [sentTo, setSentTo] = useState<string>();
  const requestReset = useRequestPasswordReset();
  const { submit, error } = useSubmit(forgotPasswordSchema, requestReset, {
    failure: authMessages.unexpected,
    onSuccess: () => setSentTo(email.trim()),
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    submit({ email });
  };

  return (
    <AuthLayout subtitle="We will send you a link to choose a new password.">
      {sentTo ? (
        <div role="status" className="space-y-4">
          <h2 className="font-display text-2xl font-bold">Check your email</h2>
          <p className="text-ink-800">
            If an account exists for {sentTo}, a link to reset its password is on its way. The link
            works for one hour.
          </p>
          <Link to={paths.login} className="font-medium text-flame-700 underline">
            Back to sign in
          </Link>
        </div>
      ) : (
        <form onSubmit={send} noValidate className="space-y-4">
          <h2 className="font-display text-2xl font-bold">Forgot your password?</h2>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <Button type="submit" className="w-full" disabled={requestReset.isPending}>
            {requestReset.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <p className="text-center text-sm">
            <Link to={paths.login} className="font-medium text-flame-700 underline">
              Back to sign in
            </Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
