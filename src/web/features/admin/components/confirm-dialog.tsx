import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../../../components/ui/button.tsx';

export interface PendingAction {
  description: string;
  run: () => void;
}

/** Spec 2 §2 'Confirm Action': shown before grant, revoke and bulk actions. */
export function ConfirmDialog({
  action,
  onClose,
}: {
  action: PendingAction | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={action !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 grid place-items-center bg-ink-900/70 p-4">
          <Dialog.Content className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl">
            <Dialog.Title className="font-display text-xl font-bold">Confirm Action</Dialog.Title>
            <Dialog.Description className="mt-2 text-ink-800">
              {action?.description}
            </Dialog.Description>
            <div className="mt-6 flex justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button
                onClick={() => {
                  action?.run();
                  onClose();
                }}
              >
                Confirm
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
