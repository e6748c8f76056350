import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { betaMessages } from '../../../../shared/rules/beta.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useRedeemBetaCode } from '../api/redeem-beta-code.ts';
import { messageOf } from '../../../lib/api-client.ts';

export function RedeemCodeForm() {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const redeem = useRedeemBetaCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!code.trim()) {
      setError(betaMessages.codeRequired);
      return;
    }
    redeem.mutate(code, {
      onSuccess: () => {
        setCode('');
        toast.success(betaMessages.redeemed);
      },
      onError: (failure) => {
        // Said once, beside the field: a toast as well would repeat it and outlive the fix.
        setError(messageOf(failure, betaMessages.redeemFailed));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-3">
      <TextField
        label="Beta code"
        placeholder="SF-XXXX-XXXX"
        autoComplete="off"
        maxLength={50}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Button type="submit" disabled={redeem.isPending}>
        {redeem.isPending ? 'Redeeming...' : 'Redeem Code'}
      </Button>
    </form>
  );
}
