import { useState, type FormEvent, type ReactNode } from 'react';
import { messageOf } from '../../lib/api-client.ts';
import { Button } from './button.tsx';
import { Dialog, DialogClose } from './dialog.tsx';
import { TextField } from './text-field.tsx';

export interface AuthenticatorCodeDialogProps {
  title: string;
  description: ReactNode;
  submitLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the code; a refusal's words are shown under the field. */
  onSubmit: (code: string) => Promise<void>;
  /** Where the focus goes once the dialog closes (Radix gives it to a trigger, if any). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Asks the admin for a code from their authenticator app, for an act that needs a fresh one. */
export function AuthenticatorCodeDialog({
  title,
  description,
  submitLabel,
  open,
  onOpenChange,
  onSubmit,
  onCloseAutoFocus,
}: AuthenticatorCodeDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [isPending, setIsPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsPending(true);
    setError('');
    try {
      await onSubmit(code.trim());
      setCode('');
    } catch (problem) {
      setError(messageOf(problem, 'The code could not be checked. Please try again.'));
    } finally {
      setIsPending(false);
    }
  };
  return (
    <Dialog
      title={title}
      description={description}
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) setError('');
        onOpenChange(isOpen);
      }}
      {...(onCloseAutoFocus && { onCloseAutoFocus })}
    >
      <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Authenticator code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          error={error || undefined}
          required
        />
        <div className="flex justify-end gap-3">
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={isPending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
