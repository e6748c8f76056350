import { useState, type FormEvent } from 'react';
import { recoveryCodeSchema, totpCodeSchema } from '../../../../shared/api/account.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useVerifyTwoFactor } from '../api/verify-two-factor.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { firstValidationMessage } from '../../../../shared/api/auth.ts';
import { authMessages } from '../../../../shared/rules/auth.ts';

/** Asked after the password when the learner turned two-factor sign-in on. */
export function TwoFactorStep({ onSignedIn }: { onSignedIn: () => void }) {
  const [code, setCode] = useState('');
  const [isRecoveryCode, setIsRecoveryCode] = useState(false);
  const [error, setError] = useState<string>();
  const verify = useVerifyTwoFactor();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = firstValidationMessage(isRecoveryCode ? recoveryCodeSchema : totpCodeSchema, {
      code,
    });
    setError(invalid);
    if (invalid) return;
    try {
      await verify.mutateAsync({ code: code.trim(), isRecoveryCode });
      onSignedIn();
    } catch (failure) {
      setError(messageOf(failure, authMessages.unexpected));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 className="font-display text-2xl font-bold">Two-Factor Sign-In</h2>
      <p className="text-ink-800">
        {isRecoveryCode
          ? 'Enter one of the recovery codes you kept when you turned two-factor sign-in on.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <TextField
        key={String(isRecoveryCode)}
        label={isRecoveryCode ? 'Recovery code' : 'Authentication code'}
        inputMode={isRecoveryCode ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <Button
        variant="ghost"
        className="w-full"
        onClick={() => {
          setIsRecoveryCode((current) => !current);
          setCode('');
          setError(undefined);
        }}
      >
        {isRecoveryCode ? 'Use a code from my app' : 'Use a recovery code'}
      </Button>
    </form>
  );
}
