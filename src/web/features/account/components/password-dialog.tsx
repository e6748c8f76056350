import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
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
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setPassword('');
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="font-display text-xl font-bold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-ink-800">{description}</div>
          </Dialog.Description>
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
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={isPending} variant={isDanger ? 'danger' : 'primary'}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
