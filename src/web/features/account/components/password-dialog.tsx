import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

/** Asks for the password before a step that needs it (two-factor, deletion); focus stays inside. */
export function PasswordDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  error,
  isPending,
  isDanger = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  error: string | undefined;
  isPending: boolean;
  isDanger?: boolean;
  onConfirm: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(password);
  };
  return (
    <Dialog
      title={title}
      description={description}
      open={open}
      onOpenChange={(next) => {
        if (!next) setPassword('');
        onOpenChange(next);
      }}
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <div className="flex justify-end gap-3">
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={isPending} variant={isDanger ? 'danger' : 'primary'}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
