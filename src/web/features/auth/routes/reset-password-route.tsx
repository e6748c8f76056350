import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../../lib/router/router.tsx';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { PasswordChecklist } from '../components/password-checklist.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { firstValidationMessage, resetPasswordSchema } from '../../../../shared/api/auth.ts';
import { authMessages } from '../../../../shared/rules/auth.ts';

const INVALID_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';

export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string>();
  const [isDone, setIsDone] = useState(false);
  const resetPassword = useResetPassword();
  const checklistId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = firstValidationMessage(resetPasswordSchema, { password, confirmPassword });
    setError(invalid);
    if (invalid || !token) return;
    try {
      await resetPassword.mutateAsync({ token, newPassword: password });
      setIsDone(true);
    } catch (failure) {
      setError(messageOf(failure, authMessages.unexpected));
    }
  };

  if (!token || searchParams.get('error')) {
    return (
      <AuthLayout subtitle="Choose a new password.">
        <ErrorAlert>{INVALID_LINK}</ErrorAlert>
        <Link
          to={paths.forgotPassword}
          className="mt-4 inline-block font-medium text-flame-700 underline"
        >
          Ask for a new link
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout subtitle="Choose a new password.">
      {isDone ? (
        <div role="status" className="space-y-4">
          <h2 className="font-display text-2xl font-bold">Your password is changed</h2>
          <p>Every other session has been signed out. Sign in with your new password.</p>
          <Link to={paths.login} className="font-medium text-flame-700 underline">
            Sign in
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <h2 className="font-display text-2xl font-bold">Set a new password</h2>
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={checklistId}
            hint={<PasswordChecklist id={checklistId} password={password} />}
          />
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <Button type="submit" className="w-full" disabled={resetPassword.isPending}>
            {resetPassword.isPending ? 'Saving...' : 'Set New Password'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
