import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notify.ts';
import { redeemBetaCodeSchema } from '../../../../shared/api/beta.ts';
import { betaMessages } from '../../../../shared/rules/beta.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useRedeemBetaCode } from '../api/redeem-beta-code.ts';
import { useSubmit } from '../../../lib/use-submit.ts';

export function RedeemCodeForm() {
  const [code, setCode] = useState('');
  const redeem = useRedeemBetaCode();
  // A failure is said once, beside the field: a toast as well would repeat it and outlive the fix.
  const { submit, error } = useSubmit(redeemBetaCodeSchema, redeem, {
    failure: betaMessages.redeemFailed,
    onSuccess: () => {
      setCode('');
      notify.site.success(betaMessages.redeemed);
    },
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    submit({ code });
  };

  return (
    <form onSubmit={send} noValidate className="max-w-md space-y-3">
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
