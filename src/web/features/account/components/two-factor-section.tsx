import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import {
  totpCodeSchema,
  twoFactorMessages,
  type TwoFactorSetup,
} from '../../../../shared/api/account.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor } from '../api/two-factor.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { messageOf } from '../../../lib/api-client.ts';

const failed = (error: unknown) => messageOf(error, 'Something went wrong. Please try again.');

/** Two-factor sign-in with an authenticator app: password, scan, confirm a code, keep the codes. */
export function TwoFactorSection({ isEnabled }: { isEnabled: boolean }) {
  const [isAsking, setIsAsking] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const pending = isEnabled ? disable : start;

  return (
    <div className="space-y-3">
      <h3 className="font-display text-lg font-bold">Two-Factor Sign-In</h3>
      <p className="text-ink-800">
        {isEnabled
          ? 'On: signing in asks for a code from your authenticator app, or one of your recovery codes.'
          : 'Off: add a code from an authenticator app to your password when you sign in.'}
      </p>
      {setup && !isEnabled ? (
        <ConfirmSetup setup={setup} onDone={() => setSetup(undefined)} />
      ) : (
        <Button variant="secondary" onClick={() => setIsAsking(true)}>
          {isEnabled ? 'Turn Off 2FA' : 'Setup 2FA'}
        </Button>
      )}
      <PasswordDialog
        open={isAsking}
        onOpenChange={(open) => {
          setIsAsking(open);
          pending.reset();
        }}
        title={isEnabled ? 'Turn off two-factor sign-in' : 'Set up two-factor sign-in'}
        description="Enter your password to continue."
        confirmLabel="Continue"
        error={pending.error ? failed(pending.error) : undefined}
        isPending={pending.isPending}
        onConfirm={(password) =>
          isEnabled
            ? disable.mutate(password, {
                onSuccess: () => {
                  setIsAsking(false);
                  notify.area.success(twoFactorMessages.disabled);
                },
              })
            : start.mutate(password, {
                onSuccess: (result) => {
                  setIsAsking(false);
                  setSetup(result);
                },
              })
        }
      />
    </div>
  );
}

function ConfirmSetup({ setup, onDone }: { setup: TwoFactorSetup; onDone: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [qrCode, setQrCode] = useState<string>();
  const confirm = useConfirmTwoFactor();
  const secret = new URL(setup.totpURI).searchParams.get('secret') ?? '';

  useEffect(() => {
    void QRCode.toDataURL(setup.totpURI, { margin: 1, width: 192 }).then(setQrCode);
  }, [setup.totpURI]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = totpCodeSchema.safeParse({ code });
    if (!result.success) {
      setError(result.error.issues[0]?.message);
      return;
    }
    confirm.mutate(result.data.code, {
      onSuccess: () => {
        notify.area.success(twoFactorMessages.enabled);
        onDone();
      },
      onError: (failure) => setError(failed(failure)),
    });
  };

  return (
    <div className="space-y-4 rounded-lg border border-ink-600/30 p-4">
      <ol className="list-decimal space-y-3 pl-5 text-ink-800">
        <li>
          Scan this code with your authenticator app, or enter the key by hand.
          {qrCode && (
            <img
              src={qrCode}
              alt="QR code for your authenticator app"
              className="mt-2 h-48 w-48 rounded bg-white p-1"
            />
          )}
          <p className="mt-2">
            Setup key: <code className="font-mono break-all text-ink-900">{secret}</code>
          </p>
        </li>
        <li>
          Keep these recovery codes somewhere safe. Each one signs you in once if you lose your
          phone.
          <ul
            aria-label="Recovery codes"
            className="mt-2 grid grid-cols-2 gap-1 font-mono sm:grid-cols-3"
          >
            {setup.backupCodes.map((backupCode) => (
              <li key={backupCode}>{backupCode}</li>
            ))}
          </ul>
        </li>
        <li>Enter the 6-digit code your app shows to turn two-factor sign-in on.</li>
      </ol>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <TextField
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" disabled={confirm.isPending}>
          Verify and Turn On
        </Button>
      </form>
      {error && <ErrorAlert>{error}</ErrorAlert>}
    </div>
  );
}
